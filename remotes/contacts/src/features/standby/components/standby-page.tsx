import { PlusOutlined } from '@ant-design/icons';
import {
  contactName,
  foldAccents,
  standbyListLabels,
  type ContactSummary,
  type StandbyListName,
  type StandbyLists,
} from '@bo/contracts/records';
import { standbyContactsQueryOptions } from '@bo/todos';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { PageFrame } from '@bo/ui';
import { ListView, pageLocally, type ListColumn, type ListState } from '@bo/ui/list';
import { Tabs } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useSearchParams } from 'react-router-dom';

const tabs: StandbyListName[] = ['myContacts', 'teamContacts', 'allContacts'];
const tabParam: Record<StandbyListName, string> = { myContacts: 'my', teamContacts: 'team', allContacts: 'all' };

// Name, job title or company contains the text, accents and case ignored.
export function standbyMatches(contact: ContactSummary, state: ListState): boolean {
  const search = foldAccents(state.search.trim());
  if (!search) return true;
  return [contactName(contact), contact.jobTitle ?? '', contact.company?.name ?? ''].some((text) =>
    foldAccents(text).includes(search),
  );
}

const sortValues = {
  name: (contact: ContactSummary) => `${contact.lastName} ${contact.firstName}`,
  company: (contact: ContactSummary) => contact.company?.name ?? '',
  jobTitle: (contact: ContactSummary) => contact.jobTitle ?? '',
};

// /liste-contacts-veille: the contacts with no pending todo, mine, my team's and all, as tabs with their counts.
// Adding a contact's first todo activates it: it leaves the three lists.
export function StandbyContactsPage() {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((name) => tabParam[name] === params.get('tab')) ?? 'myContacts';
  const lists = useQuery(standbyContactsQueryOptions());
  const editor = useTodoEditor();

  const columns: ListColumn<ContactSummary>[] = [
    { key: 'name', title: 'Nom', sortable: true, value: contactName },
    { key: 'company', title: 'Société', sortable: true, value: (contact) => contact.company?.name ?? '' },
    { key: 'jobTitle', title: 'Fonction', sortable: true, value: (contact) => contact.jobTitle ?? '' },
    {
      key: 'action',
      title: 'Action',
      value: () => '',
      render: (contact) => (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => editor.openAddFor(contact)}
          aria-label={`Ajouter une tâche pour ${contactName(contact)}`}
        >
          Ajouter une tâche
        </Button>
      ),
    },
  ];

  return (
    <PageFrame path="/liste-contacts-veille">
      <Tabs
        label="Listes de contacts en veille"
        activeKey={current}
        onChange={(key) =>
          setParams((previous) => {
            const next = new URLSearchParams();
            const search = previous.get('search');
            if (search) next.set('search', search);
            if (key !== 'myContacts') next.set('tab', tabParam[key as StandbyListName]);
            return next;
          })
        }
        items={tabs.map((name) => ({
          key: name,
          label: `${standbyListLabels[name]} (${lists.data ? lists.data[name].length.toLocaleString('fr-FR') : '…'})`,
        }))}
      />
      <ListView<ContactSummary, StandbyLists, string[]>
        key={current}
        label={standbyListLabels[current]}
        columns={columns}
        search={{ label: 'Rechercher', placeholder: 'Nom, fonction ou société' }}
        defaultSort={{ key: 'name', order: 'asc' }}
        queryOptions={standbyContactsQueryOptions}
        toPage={(data, state) => pageLocally(data[current], state, { matches: standbyMatches, sortValues })}
        rowKey={(contact) => contact.id}
        countLabel={(total) => `${total.toLocaleString('fr-FR')} contact${total > 1 ? 's' : ''} en veille`}
        emptyText="Aucun contact en veille"
      />
      <TodoEditorDialogs editor={editor} />
    </PageFrame>
  );
}
