import { ListView } from '@bo/ui/list';
import { contactColumns as c } from './contact-columns';
import { demoContactsQueryOptions } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

export const COLUMN_ORDER_STORAGE_KEY = 'bo.showroom.array.column-ordering';

export function ArrayColumnOrderingPage() {
  return (
    <ShowroomLayout page="array/column-ordering">
      <DemoSection id="array-ordering" title="Contacts, colonnes à votre ordre">
        <p className="bo-demo__hint">
          Glissez un en-tête sur un autre, ou ouvrez « Ordre des colonnes » pour les déplacer au clavier. L’ordre est
          gardé dans ce navigateur (localStorage) ; « Ordre par défaut » l’oublie.
        </p>
        <ListView
          label="Contacts à colonnes déplaçables"
          queryOptions={demoContactsQueryOptions}
          rowKey={(row) => row.id}
          columnOrderKey={COLUMN_ORDER_STORAGE_KEY}
          columns={[c.lastName, c.firstName, c.company, c.city, c.status, c.lastContact, c.openTodos]}
        />
      </DemoSection>
    </ShowroomLayout>
  );
}
