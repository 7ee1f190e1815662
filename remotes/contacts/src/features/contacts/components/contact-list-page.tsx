import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useCan } from '@bo/client';
import {
  contactFieldLabels as labels,
  contactName,
  contactScopeLabels,
  contactScopes,
  frenchDate,
  personTitleLabels,
  toBusinessIsoDate,
  type ContactListItem,
} from '@bo/contracts/records';
import { EmailLink, PageFrame, PhoneLink } from '@bo/ui';
import { ListView, type ListColumn, type ListFilter } from '@bo/ui/list';
import { ReassignContactsDialog, useOwnerOptions, usePanelParam } from '@bo/ui/records';
import { Button, Space, Tag } from 'antd';
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { contactsQueryOptions, exportContacts } from '../api/contacts';
import { MergeDialog } from './merge-dialog';

// The panel's code (its form, the kit's fields, antd's inputs and date picker) comes when a record is first opened.
const ContactPanel = lazy(() => import('./contact-panel').then((module) => ({ default: module.ContactPanel })));

type TodoBrief = NonNullable<ContactListItem['nextTodo']>;

// A todo as the list shows it: its task's colour and its date (red when past).
function TodoChip({ todo, date, late }: { todo: TodoBrief; date: string; late?: boolean }) {
  const { style } = todo.task;
  return (
    <Space size={4} wrap={false}>
      <Tag
        style={{
          background: style.backgroundColor,
          borderColor: style.borderColor,
          color: style.color,
          marginInlineEnd: 0,
        }}
      >
        {todo.task.description}
      </Tag>
      <span className={late ? 'bo-late' : undefined}>
        {frenchDate(date)}
        {late && <span className="bo-sr-only"> (en retard)</span>}
      </span>
    </Space>
  );
}

function columns(today: string): ListColumn<ContactListItem>[] {
  return [
    {
      key: 'name',
      title: 'Nom',
      sortable: true,
      sticky: true,
      value: (contact) => `${personTitleLabels[contact.title]} ${contactName(contact)}`,
    },
    { key: 'company', title: labels.companyId, sortable: true, value: (contact) => contact.company?.name ?? '' },
    { key: 'jobTitle', title: labels.jobTitle, sortable: true, value: (contact) => contact.jobTitle ?? '' },
    {
      key: 'phone',
      title: labels.phone,
      sortable: true,
      value: (contact) => contact.phone ?? '',
      render: (contact) => <PhoneLink phone={contact.phone} />,
    },
    {
      key: 'email',
      title: labels.email,
      sortable: true,
      value: (contact) => contact.email ?? '',
      render: (contact) => <EmailLink email={contact.email} />,
    },
    { key: 'owner', title: labels.ownerId, sortable: true, value: (contact) => contact.owner.trigram },
    {
      key: 'nextTodo',
      title: 'Prochaine tâche',
      sortable: true,
      value: (contact) =>
        contact.nextTodo ? `${frenchDate(contact.nextTodo.deadline)} ${contact.nextTodo.task.description}` : '',
      render: (contact) =>
        contact.nextTodo && (
          <TodoChip todo={contact.nextTodo} date={contact.nextTodo.deadline} late={contact.nextTodo.deadline < today} />
        ),
    },
    {
      key: 'lastTodo',
      title: 'Dernière tâche aboutie',
      sortable: true,
      value: (contact) =>
        contact.lastTodo
          ? `${frenchDate(contact.lastTodo.executionDate ?? contact.lastTodo.deadline)} ${contact.lastTodo.task.description}`
          : '',
      render: (contact) =>
        contact.lastTodo && (
          <TodoChip todo={contact.lastTodo} date={contact.lastTodo.executionDate ?? contact.lastTodo.deadline} />
        ),
    },
    {
      key: 'isActive',
      title: 'Statut',
      sortable: true,
      value: (contact) => (contact.isActive ? 'Actif' : 'En veille'),
      render: (contact) => (
        <Tag color={contact.isActive ? 'green' : 'default'}>{contact.isActive ? 'Actif' : 'En veille'}</Tag>
      ),
    },
  ];
}

const PANEL_EXTRAS: string[] = [];

// /liste-contacts: mine, my team's or all, paged by the server; tick some to give them to someone else or to
// merge two; a row opens its panel (in the address).
// `importDialog`: the import feature's dialog, given by the routes (a feature never imports another).
export function ContactListPage({ importDialog }: { importDialog: (onClose: () => void) => ReactNode }) {
  const panel = usePanelParam('contact', PANEL_EXTRAS);
  const canCreate = useCan('contact', 'create');
  const canExport = useCan('contact', 'export');
  const canImport = useCan('contact', 'import');
  const [importing, setImporting] = useState(false);
  const canReassign = useCan('contact', 'reassign');
  const canMerge = useCan('contact', 'merge');
  const { options: owners } = useOwnerOptions();
  const [selected, setSelected] = useState<ContactListItem[]>([]);
  const [reassigning, setReassigning] = useState(false);
  const [merging, setMerging] = useState(false);
  const today = toBusinessIsoDate(new Date());
  const listColumns = useMemo(() => columns(today), [today]);
  const filters: ListFilter[] = [
    {
      key: 'scope',
      label: 'Contacts',
      type: 'radio',
      options: contactScopes.map((scope) => ({ value: scope, label: contactScopeLabels[scope] })),
      defaultValue: 'my',
    },
    { key: 'ownerId', label: labels.ownerId, type: 'select', options: owners, placeholder: 'Tous', searchable: true },
    {
      key: 'standby',
      label: 'Statut',
      type: 'select',
      options: [
        { value: '0', label: 'Actifs' },
        { value: '1', label: 'En veille' },
      ],
      placeholder: 'Tous',
    },
    {
      key: 'late',
      label: 'Tâches',
      type: 'select',
      options: [{ value: '1', label: 'Avec une tâche en retard' }],
      placeholder: 'Toutes',
    },
  ];
  const count = selected.length;
  return (
    <PageFrame
      path="/liste-contacts"
      actions={
        (canImport || canCreate) && (
          <Space>
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                Importer
              </Button>
            )}
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => panel.show('new')}>
                Nouveau contact
              </Button>
            )}
          </Space>
        )
      }
    >
      <ListView
        label="Contacts"
        columns={listColumns}
        filters={filters}
        search={{ label: 'Rechercher', placeholder: 'Nom, email, société ou téléphone' }}
        defaultSort={{ key: 'name', order: 'asc' }}
        queryOptions={(state) => contactsQueryOptions({ ...state, filters: { scope: 'my', ...state.filters } })}
        rowKey={(contact) => contact.id}
        rowLabel={(contact) => contactName(contact)}
        onRowOpen={(contact) => panel.show(contact.id)}
        selection={
          canReassign || canMerge
            ? { keys: selected.map((contact) => contact.id), onChange: (_keys, rows) => setSelected(rows) }
            : undefined
        }
        countLabel={(total) => `${total.toLocaleString('fr-FR')} contact${total > 1 ? 's' : ''}`}
        emptyText="Aucun contact ne correspond à ces critères"
        exportFileName={canExport ? 'contacts.csv' : undefined}
        serverExport={
          canExport ? (state) => exportContacts({ ...state, filters: { scope: 'my', ...state.filters } }) : undefined
        }
        columnOrderKey="bo.contacts.columns"
        toolbarExtra={
          count > 0 && (
            <div className="bo-list-selection" role="group" aria-label="Sélection">
              <span aria-live="polite">
                {count} contact{count > 1 ? 's' : ''} sélectionné{count > 1 ? 's' : ''}
              </span>
              {canReassign && <Button onClick={() => setReassigning(true)}>Changer de propriétaire…</Button>}
              {canMerge && (
                <Button
                  disabled={count !== 2}
                  onClick={() => setMerging(true)}
                  title={count !== 2 ? 'Sélectionnez exactement deux contacts' : undefined}
                >
                  Fusionner…
                </Button>
              )}
              <Button type="link" onClick={() => setSelected([])}>
                Désélectionner
              </Button>
            </div>
          )
        }
      />
      {panel.target !== null && (
        <Suspense fallback={null}>
          <ContactPanel panel={panel} />
        </Suspense>
      )}
      {reassigning && (
        <ReassignContactsDialog
          open
          what={`${count} contact${count > 1 ? 's' : ''}`}
          ids={selected.map((contact) => contact.id)}
          onClose={() => setReassigning(false)}
          onDone={() => setSelected([])}
        />
      )}
      {merging && count === 2 && (
        <MergeDialog
          contacts={[selected[0], selected[1]]}
          onClose={() => setMerging(false)}
          onMerged={(keptId) => {
            setSelected([]);
            panel.show(keptId);
          }}
        />
      )}
      {importing && importDialog(() => setImporting(false))}
    </PageFrame>
  );
}
