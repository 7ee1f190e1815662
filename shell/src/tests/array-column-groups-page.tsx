import { DataTable } from '@bo/ui';
import { contactColumns as c, withoutFilter } from './contact-columns';
import { fetchContactsPage } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

export function ArrayColumnGroupsPage() {
  return (
    <ShowroomLayout page="array/column-groups">
      <DemoSection id="array-groups" title="Contacts par thème">
        <DataTable
          label="Contacts groupés"
          queryKey={['showroom', 'contacts']}
          source={fetchContactsPage}
          rowKey={(row) => row.id}
          pageSize={10}
          columns={[
            { key: 'identity', title: 'Identité', children: [c.title, c.lastName, c.firstName].map(withoutFilter) },
            { key: 'work', title: 'Société', children: [c.company, c.jobTitle, c.city].map(withoutFilter) },
            { key: 'follow-up', title: 'Suivi', children: [c.status, c.lastContact, c.openTodos].map(withoutFilter) },
          ]}
        />
      </DemoSection>
    </ShowroomLayout>
  );
}
