import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, type ListPage, type SortOrder } from '@bo/contracts';

// What a list shows, read from and written to the page's address (so a link or a reload reopens the same view,
// and back/forward step through the views). Filters are strings, as in the address.
export type ListState = {
  search: string;
  filters: Record<string, string>;
  sort: string | null;
  order: SortOrder;
  page: number;
  perPage: number;
};

export type ListSort = { key: string; order: SortOrder };

// What a list accepts in its address: anything else (a hand-edited link, a column gone) falls back to the default.
export type ListSpec = {
  filterKeys: readonly string[];
  sortKeys: readonly string[];
  defaultSort?: ListSort | null;
  // One of PER_PAGE_OPTIONS.
  defaultPerPage?: number;
};

const defaultPerPage = (spec: ListSpec) => spec.defaultPerPage ?? DEFAULT_PER_PAGE;

const positiveInt = (text: string | null): number | null =>
  text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;

export function readListState(params: URLSearchParams, spec: ListSpec): ListState {
  const filters: Record<string, string> = {};
  for (const key of spec.filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const sortParam = params.get('sort');
  const sort = sortParam !== null && spec.sortKeys.includes(sortParam) ? sortParam : (spec.defaultSort?.key ?? null);
  const orderParam = params.get('order');
  const order: SortOrder =
    orderParam === 'asc' || orderParam === 'desc'
      ? orderParam
      : sortParam === null
        ? (spec.defaultSort?.order ?? 'asc')
        : 'asc';
  const perPage = positiveInt(params.get('perPage'));
  return {
    search: params.get('search') ?? '',
    filters,
    sort,
    order,
    page: positiveInt(params.get('page')) ?? 1,
    perPage:
      perPage !== null && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : defaultPerPage(spec),
  };
}

// The address of a view: only what differs from the default, other parameters of the page kept.
export function writeListState(state: ListState, spec: ListSpec, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['search', 'sort', 'order', 'page', 'perPage', ...spec.filterKeys]) next.delete(key);
  if (state.search.trim()) next.set('search', state.search.trim());
  for (const key of spec.filterKeys) if (state.filters[key]) next.set(key, state.filters[key]);
  const isDefaultSort =
    state.sort === (spec.defaultSort?.key ?? null) &&
    (state.sort === null || state.order === (spec.defaultSort?.order ?? 'asc'));
  if (!isDefaultSort && state.sort !== null) {
    next.set('sort', state.sort);
    next.set('order', state.order);
  }
  if (state.page > 1) next.set('page', String(state.page));
  if (state.perPage !== defaultPerPage(spec)) next.set('perPage', String(state.perPage));
  return next;
}

// A new search, filter, sort or page size starts again from the first page.
export function changeListState(state: ListState, patch: Partial<ListState>): ListState {
  const next = { ...state, ...patch };
  const reset =
    (patch.search !== undefined && patch.search !== state.search) ||
    (patch.filters !== undefined && JSON.stringify(patch.filters) !== JSON.stringify(state.filters)) ||
    (patch.sort !== undefined && patch.sort !== state.sort) ||
    (patch.order !== undefined && patch.order !== state.order) ||
    (patch.perPage !== undefined && patch.perPage !== state.perPage);
  return reset && patch.page === undefined ? { ...next, page: 1 } : next;
}

// The query of a server list (docs/features.md): search, the filters, sort, order, page, perPage; empty
// values left out. A remote's queryOptions factory sends it as it is.
export type ListRequest = Record<string, string | number>;

export function listRequest(state: ListState): ListRequest {
  const request: ListRequest = { ...state.filters, order: state.order, page: state.page, perPage: state.perPage };
  if (state.search.trim()) request.search = state.search.trim();
  if (state.sort !== null) request.sort = state.sort;
  return request;
}

// A list computed in the browser, from rows already loaded: filtered, sorted (French collation, ties kept in
// their order) and sliced into the page the state asks for.
export type LocalListOptions<Row> = {
  matches?: (row: Row, state: ListState) => boolean;
  // Column key -> the value it sorts by.
  sortValues?: Record<string, (row: Row) => string | number>;
};

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export function pageLocally<Row>(
  rows: readonly Row[],
  state: ListState,
  options: LocalListOptions<Row> = {},
): ListPage<Row> {
  const { matches, sortValues = {} } = options;
  const kept = matches ? rows.filter((row) => matches(row, state)) : [...rows];
  const value = state.sort === null ? undefined : sortValues[state.sort];
  if (value) {
    const direction = state.order === 'asc' ? 1 : -1;
    const keyed = kept.map((row, index) => ({ row, index, key: value(row) }));
    keyed.sort((a, b) => {
      const compared =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key));
      return compared * direction || a.index - b.index;
    });
    kept.splice(0, kept.length, ...keyed.map((entry) => entry.row));
  }
  const start = (state.page - 1) * state.perPage;
  return { items: kept.slice(start, start + state.perPage), total: kept.length };
}
