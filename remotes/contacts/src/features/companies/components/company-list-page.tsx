import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useCan } from '@bo/client';
import {
  companyFieldLabels as labels,
  companyKindLabels,
  companyKinds,
  formatRegistrationId,
  type CompanyListItem,
} from '@bo/contracts/records';
import { PageFrame } from '@bo/ui';
import { ListView, type ListColumn, type ListFilter } from '@bo/ui/list';
import { useOwnerOptions, usePanelParam } from '@bo/ui/records';
import { Button, Space, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { companiesQueryOptions, exportCompanies } from '../api/companies';
import { CompanyPanel } from './company-panel';

const columns: ListColumn<CompanyListItem>[] = [
  { key: 'name', title: labels.name, sortable: true },
  {
    key: 'registrationId',
    title: labels.registrationId,
    sortable: true,
    value: (company) => formatRegistrationId(company.registrationId),
  },
  { key: 'parent', title: labels.parentId, sortable: true, value: (company) => company.parent?.name ?? '' },
  { key: 'subsidiaryCount', title: 'Filiales', sortable: true, align: 'right' },
  { key: 'activeContactCount', title: 'Contacts actifs', sortable: true, align: 'right' },
  { key: 'postalCode', title: labels.postalCode, sortable: true },
  { key: 'city', title: labels.city, sortable: true },
  { key: 'sector', title: labels.sector, sortable: true },
  { key: 'owner', title: labels.ownerId, sortable: true, value: (company) => company.owner.trigram },
  {
    key: 'isActive',
    title: 'Statut',
    sortable: true,
    value: (company) => (company.isActive ? 'Active' : 'Inactive'),
    render: (company) => (
      <Tag color={company.isActive ? 'green' : 'default'}>{company.isActive ? 'Active' : 'Inactive'}</Tag>
    ),
  },
];

// A new subsidiary's parent, while its form is open.
const PANEL_EXTRAS = ['parent'];

const yesNo = (yes: string, no: string) => [
  { value: '1', label: yes },
  { value: '0', label: no },
];

// /liste-societes: every company, paged by the server; a row opens its panel, the panel's state in the address.
// `importDialog`: the import feature's dialog, given by the routes (a feature never imports another).
export function CompanyListPage({ importDialog }: { importDialog: (onClose: () => void) => ReactNode }) {
  const panel = usePanelParam('company', PANEL_EXTRAS);
  const canCreate = useCan('company', 'create');
  const canExport = useCan('company', 'export');
  const canImport = useCan('company', 'import');
  const [importing, setImporting] = useState(false);
  const { options: owners } = useOwnerOptions();
  const filters: ListFilter[] = [
    { key: 'isActive', label: 'Statut', type: 'select', options: yesNo('Actives', 'Inactives'), placeholder: 'Toutes' },
    {
      key: 'kind',
      label: 'Type',
      type: 'select',
      options: companyKinds.map((kind) => ({ value: kind, label: companyKindLabels[kind] })),
      placeholder: 'Tous',
    },
    { key: 'sector', label: 'Secteur', type: 'text', placeholder: 'Ex. Industrie' },
    { key: 'ownerId', label: labels.ownerId, type: 'select', options: owners, placeholder: 'Tous', searchable: true },
  ];
  return (
    <PageFrame
      path="/liste-societes"
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
                Nouvelle société
              </Button>
            )}
          </Space>
        )
      }
    >
      <ListView
        label="Sociétés"
        columns={columns}
        filters={filters}
        search={{ label: 'Rechercher', placeholder: 'Nom, SIRET ou ville' }}
        defaultSort={{ key: 'name', order: 'asc' }}
        queryOptions={companiesQueryOptions}
        rowKey={(company) => company.id}
        rowLabel={(company) => `Ouvrir la société ${company.name}`}
        onRowOpen={(company) => panel.show(company.id)}
        countLabel={(total) => `${total.toLocaleString('fr-FR')} société${total > 1 ? 's' : ''}`}
        emptyText="Aucune société ne correspond à ces critères"
        exportFileName={canExport ? 'societes.csv' : undefined}
        serverExport={canExport ? exportCompanies : undefined}
        columnOrderKey="bo.companies.columns"
      />
      <CompanyPanel panel={panel} />
      {importing && importDialog(() => setImporting(false))}
    </PageFrame>
  );
}
