import { PlusOutlined } from '@ant-design/icons';
import { useCan } from '@bo/client';
import { frenchDate, needsPriorityLabels, type NeedsSheetListItem } from '@bo/contracts/needs-sheets';
import { PageFrame } from '@bo/ui';
import { ListView, type ListColumn, type ListFilter } from '@bo/ui/list';
import { usePanelParam } from '@bo/ui/records';
import { Button } from 'antd';
import { StatusTag } from '../../../components/status-tag';
import { exportNeedsSheets, needsSheetsQueryOptions } from '../api/needs-sheets';
import { useSheetFilters } from './use-sheet-filters';
import { lazy, Suspense } from 'react';

// The panel's code (its form, the kit's fields, antd's inputs and date picker) comes when a record is first opened.
const SheetPanel = lazy(() => import('./sheet-panel').then((module) => ({ default: module.SheetPanel })));

const trigrams = (users: { trigram: string }[]) => users.map((user) => user.trigram).join(', ');

export const sheetColumns: ListColumn<NeedsSheetListItem>[] = [
  { key: 'reference', title: 'Référence', sortable: true },
  { key: 'title', title: 'Intitulé', sortable: true },
  { key: 'company', title: 'Société', sortable: true, value: (sheet) => sheet.company.name },
  {
    key: 'contact',
    title: 'Contact',
    sortable: true,
    value: (sheet) => `${sheet.contact.firstName} ${sheet.contact.lastName}`,
  },
  {
    key: 'status',
    title: 'Statut',
    sortable: true,
    value: (sheet) => sheet.status.label,
    render: (sheet) => <StatusTag status={sheet.status} />,
  },
  { key: 'priority', title: 'Priorité', sortable: true, value: (sheet) => needsPriorityLabels[sheet.priority] },
  {
    key: 'positions',
    title: 'Postes pourvus / demandés',
    sortable: true,
    align: 'right',
    value: (sheet) => `${sheet.positionsFilled} / ${sheet.positions}`,
  },
  { key: 'owner', title: 'Responsable', sortable: true, value: (sheet) => sheet.owner.trigram },
  { key: 'recruiters', title: 'Recruteurs', value: (sheet) => trigrams(sheet.recruiters) },
  {
    key: 'deadline',
    title: 'Échéance',
    sortable: true,
    value: (sheet) => frenchDate(sheet.deadline),
    render: (sheet) => (
      <span className={sheet.isLate ? 'bo-late' : undefined}>
        {frenchDate(sheet.deadline)}
        {sheet.isLate && <span className="bo-sr-only"> (dépassée)</span>}
      </span>
    ),
  },
];

const PANEL_EXTRAS = ['model'];

// /fiches-de-besoin: mine, my team's or all, paged by the server; a row opens its panel (in the address).
export function SheetListPage() {
  const panel = usePanelParam('sheet', PANEL_EXTRAS);
  const canCreate = useCan('needsSheet', 'create');
  const canExport = useCan('needsSheet', 'export');
  const filters: ListFilter[] = [
    ...useSheetFilters('my'),
    {
      key: 'late',
      label: 'Échéance',
      type: 'select',
      options: [{ value: '1', label: 'Dépassée' }],
      placeholder: 'Toutes',
    },
  ];
  return (
    <PageFrame
      path="/fiches-de-besoin"
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => panel.show('new')}>
            Nouvelle fiche
          </Button>
        )
      }
    >
      <ListView
        label="Fiches de besoin"
        columns={sheetColumns}
        filters={filters}
        search={{ label: 'Rechercher', placeholder: 'Référence, intitulé ou société' }}
        defaultSort={{ key: 'deadline', order: 'asc' }}
        queryOptions={needsSheetsQueryOptions}
        rowKey={(sheet) => sheet.id}
        rowLabel={(sheet) => `Ouvrir la fiche ${sheet.reference} ${sheet.title}`}
        onRowOpen={(sheet) => panel.show(sheet.id)}
        countLabel={(total) => `${total.toLocaleString('fr-FR')} fiche${total > 1 ? 's' : ''}`}
        emptyText="Aucune fiche ne correspond à ces critères"
        exportFileName={canExport ? 'fiches-de-besoin.csv' : undefined}
        serverExport={canExport ? exportNeedsSheets : undefined}
        columnOrderKey="bo.needsSheets.columns"
      />
      {panel.target !== null && (
        <Suspense fallback={null}>
          <SheetPanel panel={panel} />
        </Suspense>
      )}
    </PageFrame>
  );
}
