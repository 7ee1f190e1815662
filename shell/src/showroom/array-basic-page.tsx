import { ListView } from '@bo/ui/list';
import { contactColumns as c } from './contact-columns';
import { demoContactsQueryOptions } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

export function ArrayBasicPage() {
  return (
    <ShowroomLayout page="array/basic">
      <DemoSection id="array-basic" title="Contacts (10 000 lignes, pagination serveur)">
        <p className="bo-demo__hint">
          Chaque page est demandée à une fonction asynchrone qui trie et découpe comme le ferait l’API ; seule la page
          affichée est rendue. Cliquez (ou Entrée) sur un en-tête triable pour trier. La page, le tri et la taille de
          page sont gardés dans l’adresse.
        </p>
        <ListView
          label="Contacts"
          queryOptions={demoContactsQueryOptions}
          rowKey={(row) => row.id}
          columns={[c.title, c.lastName, c.firstName, c.company, c.city, c.phone, c.lastContact, c.openTodos]}
          exportFileName="contacts"
        />
      </DemoSection>
    </ShowroomLayout>
  );
}
