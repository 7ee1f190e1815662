import type { NeedsSheetSearchItem } from '@bo/contracts/needs-sheets';
import { PageFrame } from '@bo/ui';
import { ListView, type ListColumn } from '@bo/ui/list';
import { usePanelParam } from '@bo/ui/records';
import { needsSheetSearchQueryOptions } from '../api/needs-sheets';
import { HighlightedText } from './highlighted-text';
import { sheetColumns } from './sheet-list-page';
import { SheetPanel } from './sheet-panel';
import { useSheetFilters } from './use-sheet-filters';

const columns: ListColumn<NeedsSheetSearchItem>[] = [
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

// /fiches-de-besoin/recherche: full text over titles, descriptions and skills (French stemming, accents and case
// ignored), with the list's filters, best matches first.
export function SearchPage() {
  const panel = usePanelParam('sheet');
  const filters = useSheetFilters('all');
  return (
    <PageFrame path="/fiches-de-besoin/recherche">
      <ListView
        label="Résultats de la recherche"
        columns={columns}
        filters={filters}
        search={{ label: 'Rechercher dans les fiches', placeholder: 'Ex. développeurs java, comptabilité…' }}
        queryOptions={(state) => needsSheetSearchQueryOptions({ ...state, filters: { ...state.filters, scope: state.filters.scope ?? 'all' } })}
        rowKey={(sheet) => sheet.id}
        rowLabel={(sheet) => `Ouvrir la fiche ${sheet.reference} ${sheet.title}`}
        onRowOpen={(sheet) => panel.show(sheet.id)}
        countLabel={(total) => `${total.toLocaleString('fr-FR')} fiche${total > 1 ? 's' : ''} trouvée${total > 1 ? 's' : ''}`}
        emptyText="Tapez des mots à chercher : aucune fiche ne correspond pour l’instant"
      />
      <SheetPanel panel={panel} />
    </PageFrame>
  );
}
