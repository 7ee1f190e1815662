import type { NeedsSheetListItem, NeedsSheetScope, NeedsSheetSearchItem } from '@bo/contracts/needs-sheets';
import { PageFrame } from '@bo/ui';
import { ListView, type ListColumn, type ListFilter } from '@bo/ui/list';
import { usePanelParam, type PanelParam } from '@bo/ui/records';
import { useMemo, type ComponentType } from 'react';
import { needsSheetSearchQueryOptions } from '../api/search';
import { HighlightedText } from './highlighted-text';

// The sheet list's columns, the highlighted extracts in the place of the fourth, without sorting (best matches first).
const searchColumns = (sheetColumns: ListColumn<NeedsSheetListItem>[]): ListColumn<NeedsSheetSearchItem>[] => [
  ...sheetColumns.slice(0, 3).map((column) => ({ ...column, sortable: false })),
  {
    key: 'highlights',
    title: 'Extraits',
    value: (sheet) => sheet.highlights.join(' … ').replace(/<\/?mark>/g, ''),
    render: (sheet) => (
      <>
        {sheet.highlights.map((snippet, index) => (
          <div key={index}>
            <HighlightedText snippet={snippet} />
          </div>
        ))}
      </>
    ),
  },
  ...sheetColumns.slice(4, 6).map((column) => ({ ...column, sortable: false })),
  { ...sheetColumns[sheetColumns.length - 1], sortable: false },
];

// What the page takes from the sheets feature (given by the routes: a feature never imports another): the list's
// columns and filters, and a sheet's panel.
export type SearchPageProps = {
  sheetColumns: ListColumn<NeedsSheetListItem>[];
  useSheetFilters: (defaultScope: NeedsSheetScope) => ListFilter[];
  SheetPanel: ComponentType<{ panel: PanelParam }>;
};

// /fiches-de-besoin/recherche: full text over titles, descriptions and skills (French stemming, accents and case
// ignored), with the list's filters, best matches first.
export function SearchPage({ sheetColumns, useSheetFilters, SheetPanel }: SearchPageProps) {
  const panel = usePanelParam('sheet');
  const filters = useSheetFilters('all');
  const columns = useMemo(() => searchColumns(sheetColumns), [sheetColumns]);
  return (
    <PageFrame path="/fiches-de-besoin/recherche">
      <ListView
        label="Résultats de la recherche"
        columns={columns}
        filters={filters}
        search={{ label: 'Rechercher dans les fiches', placeholder: 'Ex. développeurs java, comptabilité…' }}
        queryOptions={(state) =>
          needsSheetSearchQueryOptions({ ...state, filters: { ...state.filters, scope: state.filters.scope ?? 'all' } })
        }
        rowKey={(sheet) => sheet.id}
        rowLabel={(sheet) => `Ouvrir la fiche ${sheet.reference} ${sheet.title}`}
        onRowOpen={(sheet) => panel.show(sheet.id)}
        countLabel={(total) =>
          `${total.toLocaleString('fr-FR')} fiche${total > 1 ? 's' : ''} trouvée${total > 1 ? 's' : ''}`
        }
        emptyText="Tapez des mots à chercher : aucune fiche ne correspond pour l’instant"
      />
      <SheetPanel panel={panel} />
    </PageFrame>
  );
}
