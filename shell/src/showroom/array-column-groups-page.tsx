import { ListView } from '@bo/ui/list';
import { contactColumns as c } from './contact-columns';
import { demoContactsQueryOptions } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

export function ArrayColumnGroupsPage() {
  return (
    <ShowroomLayout page="array/column-groups">
      <DemoSection id="array-groups" title="Contacts par thème">
        <ListView
          label="Contacts groupés"
          queryOptions={demoContactsQueryOptions}
          rowKey={(row) => row.id}
          defaultPerPage={10}
          columns={[
            { key: 'identity', title: 'Identité', children: [c.title, c.lastName, c.firstName] },
            { key: 'work', title: 'Société', children: [c.company, c.jobTitle, c.city] },
            { key: 'follow-up', title: 'Suivi', children: [c.status, c.lastContact, c.openTodos] },
          ]}
        />
      </DemoSection>
    </ShowroomLayout>
  );
}
