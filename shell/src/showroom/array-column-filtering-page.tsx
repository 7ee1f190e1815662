import { ListView } from '@bo/ui/list';
import { contactColumns as c, contactFilters } from './contact-columns';
import { demoContactsQueryOptions } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

export function ArrayColumnFilteringPage() {
  return (
    <ShowroomLayout page="array/column-filtering">
      <DemoSection id="array-filtering" title="Contacts filtrables">
        <p className="bo-demo__hint">
          Texte : contient, sans tenir compte des majuscules ni des accents. Listes : valeur exacte. Les filtres se
          cumulent et ramènent à la première page.
        </p>
        <ListView
          label="Contacts filtrés"
          queryOptions={demoContactsQueryOptions}
          rowKey={(row) => row.id}
          columns={[c.lastName, c.firstName, c.company, c.city, c.email, c.status]}
          filters={contactFilters}
          exportFileName="contacts-filtres"
        />
      </DemoSection>
    </ShowroomLayout>
  );
}
