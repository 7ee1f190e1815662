import { formatPhone, personTitleLabels } from '@bo/contracts';
import type { DataTableColumn } from '@bo/ui';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { cityOptions, companyOptions, contactStatusLabels, statusOptions, type DemoContactRow } from './showroom-data';

// The columns of the demo contact tables, shared by the /tests/array pages.
type Column = DataTableColumn<DemoContactRow>;

const statusColours = { actif: 'green', veille: 'gold', archive: 'default' } as const;

export const contactColumns = {
  title: { key: 'title', title: 'Civilité', render: (row) => personTitleLabels[row.title] },
  lastName: { key: 'lastName', title: 'Nom', sortable: true, filter: { type: 'text', placeholder: 'Ex. Martin' } },
  firstName: { key: 'firstName', title: 'Prénom', sortable: true, filter: { type: 'text', placeholder: 'Ex. Claire' } },
  company: { key: 'company', title: 'Société', sortable: true, filter: { type: 'select', options: companyOptions } },
  jobTitle: { key: 'jobTitle', title: 'Fonction' },
  city: { key: 'city', title: 'Ville', sortable: true, filter: { type: 'select', options: cityOptions } },
  phone: { key: 'phone', title: 'Téléphone', render: (row) => <span className="bo-nowrap">{formatPhone(row.phone)}</span> },
  email: { key: 'email', title: 'Email', filter: { type: 'text', placeholder: 'Ex. hexalis' } },
  status: {
    key: 'status',
    title: 'Statut',
    sortable: true,
    filter: { type: 'select', options: statusOptions },
    render: (row) => <Tag color={statusColours[row.status]}>{contactStatusLabels[row.status]}</Tag>,
  },
  lastContact: { key: 'lastContact', title: 'Dernier contact', sortable: true, render: (row) => dayjs(row.lastContact).format('DD/MM/YYYY') },
  openTodos: { key: 'openTodos', title: 'Tâches ouvertes', sortable: true, align: 'right' },
} satisfies Record<string, Column>;

// Without filters (pages that show something else than filtering).
export function withoutFilter(column: Column): Column {
  return { ...column, filter: undefined };
}
