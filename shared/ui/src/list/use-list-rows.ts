import type { ListPage } from '@bo/contracts';
import { useLiveHold } from '@bo/client';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLatestCallback } from '../use-latest-callback';
import { leaves } from './list-columns';
import type { ListSort, ListSpec, ListState } from './list-state';
import type { ListColumn, ListFilter, ListQueryOptions } from './list-types';
import { useListState } from './use-list-state';

// A list's state (in the address) and the rows it leads to, from the remote's own query.

type ListRowsOptions<Row, TData, TKey extends QueryKey> = {
  columns: readonly ListColumn<Row>[];
  filters: readonly ListFilter[];
  defaultSort?: ListSort;
  defaultPerPage?: number;
  queryOptions: (state: ListState) => ListQueryOptions<TData, TKey>;
  toPage: (data: TData, state: ListState) => ListPage<Row>;
};

// The page is scrolled away from its top: rows replaced now would move under the reader's eyes.
const readingFurtherDown = () => typeof window !== 'undefined' && window.scrollY > 40;

export function useListRows<Row, TData, TKey extends QueryKey>({
  columns,
  filters,
  defaultSort,
  defaultPerPage,
  queryOptions,
  toPage,
}: ListRowsOptions<Row, TData, TKey>) {
  const queryClient = useQueryClient();
  const sortKeys = leaves(columns)
    .filter((column) => column.sortable)
    .map((column) => column.key)
    .join(',');
  const filterKeys = filters.map((filter) => filter.key).join(',');
  // Built from primitives: props written inline keep the same address state from one render to the next.
  const sortKey = defaultSort?.key;
  const sortOrder = defaultSort?.order;
  const spec = useMemo<ListSpec>(
    () => ({
      filterKeys: filterKeys ? filterKeys.split(',') : [],
      sortKeys: sortKeys ? sortKeys.split(',') : [],
      defaultSort: sortKey ? { key: sortKey, order: sortOrder ?? 'asc' } : null,
      defaultPerPage,
    }),
    [filterKeys, sortKeys, sortKey, sortOrder, defaultPerPage],
  );
  const { state, update: changeState, pageHref } = useListState(spec);
  // A change asks for its rows at once, before React has drawn it (the query it leads to would start only after).
  const update = useLatestCallback((patch: Partial<ListState>, options?: { replace?: boolean }) => {
    const next = queryOptions(changeState(patch, options));
    if (queryClient.getQueryState(next.queryKey) === undefined) void queryClient.prefetchQuery(next);
  });

  const options = queryOptions(state);
  const result = useQuery({ ...options, placeholderData: keepPreviousData });
  // A colleague's change reloads the rows, unless the user is reading further down the page: then the list says how
  // many changes wait, and reloads when asked (docs/live-changes.md).
  const live = useLiveHold(options.queryKey, readingFurtherDown);
  const page = useMemo(
    () => (result.data === undefined ? undefined : toPage(result.data, state)),
    [result.data, state, toPage],
  );
  // A failed load keeps the rows last shown, beside the error.
  const lastPage = useRef<ListPage<Row> | undefined>(undefined);
  if (page) lastPage.current = page;
  const shown = page ?? lastPage.current;
  const total = shown?.total ?? 0;

  // Fewer rows than the page asked for (rows removed, a link to a page that no longer exists): the last page.
  const lastPageNumber = Math.max(1, Math.ceil(total / state.perPage));
  useEffect(() => {
    if (page && state.page > lastPageNumber) update({ page: lastPageNumber }, { replace: true });
  }, [page, state.page, lastPageNumber, update]);

  return {
    state,
    update,
    pageHref,
    result,
    shown,
    total,
    currentPage: Math.min(state.page, lastPageNumber),
    live,
  };
}
