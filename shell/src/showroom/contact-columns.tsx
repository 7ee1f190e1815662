import { formatPhone, personTitleLabels } from '@bo/contracts';
import type { ListColumn, ListFilter } from '@bo/ui/list';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { cityOptions, companyOptions, contactStatusLabels, statusOptions, type DemoContactRow } from './showroom-data';

// The columns of the demo contact tables, shared by the /tests/array pages.
type Column = ListColumn<DemoContactRow>;

const statusColours = { actif: 'green', veille: 'gold', archive: 'default' } as const;

// Each column typed as a column of contact rows, so that a page's list infers its row type from them.
const typed = <K extends string>(columns: Record<K, Column>): Record<K, Column> => columns;

export const contactColumns = typed({
  title: { key: 'title', title: 'Civilité', value: (row) => personTitleLabels[row.title] },
  lastName: { key: 'lastName', title: 'Nom', sortable: true },
  firstName: { key: 'firstName', title: 'Prénom', sortable: true },
  company: { key: 'company', title: 'Société', sortable: true },
  jobTitle: { key: 'jobTitle', title: 'Fonction' },
  city: { key: 'city', title: 'Ville', sortable: true },
  phone: {
    key: 'phone',
    title: 'Téléphone',
    value: (row) => formatPhone(row.phone),
    render: (row) => <span className="bo-nowrap">{formatPhone(row.phone)}</span>,
  },
  email: { key: 'email', title: 'Email' },
  status: {
    key: 'status',
    title: 'Statut',
    sortable: true,
    value: (row) => contactStatusLabels[row.status],
    render: (row) => <Tag color={statusColours[row.status]}>{contactStatusLabels[row.status]}</Tag>,
  },
  lastContact: {
    key: 'lastContact',
    title: 'Dernier contact',
    sortable: true,
    value: (row) => dayjs(row.lastContact).format('DD/MM/YYYY'),
  },
  openTodos: { key: 'openTodos', title: 'Tâches ouvertes', sortable: true, align: 'right' },
});

// One filter per column, answered by the in-page server.
export const contactFilters: ListFilter[] = [
  { key: 'lastName', label: 'Filtre : Nom', type: 'text', placeholder: 'Ex. Martin' },
  { key: 'firstName', label: 'Filtre : Prénom', type: 'text', placeholder: 'Ex. Claire' },
  { key: 'company', label: 'Filtre : Société', type: 'select', options: companyOptions, searchable: true },
  { key: 'city', label: 'Filtre : Ville', type: 'select', options: cityOptions },
  { key: 'email', label: 'Filtre : Email', type: 'text', placeholder: 'Ex. hexalis' },
  { key: 'status', label: 'Filtre : Statut', type: 'select', options: statusOptions },
];
