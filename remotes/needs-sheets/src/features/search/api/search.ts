import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts/needs-sheets';
import { listRequest, type ListState } from '@bo/ui/list';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { needsSheetKeys } from '../../../api/needs-sheet-keys';

// The full-text search of /fiches-de-besoin/recherche: the words typed (`search` in the address) as `q`.
export const needsSheetSearchQueryOptions = (state: ListState) => {
  const { search, sort: _sort, order: _order, ...rest } = listRequest(state);
  const q = typeof search === 'string' ? search : '';
  return queryOptions({
    queryKey: [...needsSheetKeys.all, 'search', q, rest] as const,
    queryFn: ({ signal }) =>
      q === ''
        ? Promise.resolve({ items: [], total: 0 })
        : callEndpoint(endpoints.searchNeedsSheets, { params: { ...rest, q }, signal }),
    placeholderData: keepPreviousData,
  });
};
