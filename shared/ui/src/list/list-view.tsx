import { AUTOCOMPLETE, MAX_PER_PAGE, messages, PER_PAGE_OPTIONS, type ListPage } from '@bo/contracts';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Button, Input, Radio, Select, Spin, Table, type PaginationProps, type TableProps } from 'antd';
import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Option } from '../form/inputs';
import { labelMatches } from '../form/option-filter';
import { useColumnOrder } from '../data-table/column-order';
import { downloadCsv, saveFile, toCsv, type CsvColumn } from './csv';
import type { ListSort, ListSpec, ListState } from './list-state';
import { useListState } from './use-list-state';
import { useLatestCallback } from '../use-latest-callback';
import { useTypedText } from '../use-typed-text';

// The kit's one way to show a list: table, search, filters, sort, paging, state in the address, empty,
// loading and error states, CSV export. A remote gives its columns, its filters and its queryOptions factory:
// - a server list: the factory turns the state into the remote's own query (`listRequest(state)` is the wire
//   query of every server list, docs/features.md) whose data is `{ items, total }`;
// - a list computed in the browser: the factory ignores the state (the rows are loaded once) and `toPage`
//   filters, sorts and slices them (`pageLocally`).
// Either way the data sits under the remote's own query key, so its mutations refresh the list.

export type ListColumn<Row> = {
  key: string;
  title: string;
  // A group header: its children are the columns under it.
  children?: ListColumn<Row>[];
  render?: (row: Row) => ReactNode;
  // The cell as text: the CSV export, and the cell when there is no `render`. Default: the row's field `key`.
  value?: (row: Row) => string | number | null | undefined;
  sortable?: boolean;
  width?: number;
  align?: 'left' | 'right' | 'center';
  ellipsis?: boolean;
  // The column naming the row: while it is the first one, it stays in sight when a table wider than its page
  // scrolls sideways (behind the tick boxes, if any).
  sticky?: boolean;
};

export type ListFilter =
  | { key: string; label: string; type: 'select'; options: readonly Option[]; placeholder?: string; searchable?: boolean }
  // Buttons, one always chosen: `defaultValue` when the address names none.
  | { key: string; label: string; type: 'radio'; options: readonly Option[]; defaultValue: string }
  | { key: string; label: string; type: 'text'; placeholder?: string }
  // A record found by typing (a company among thousands): the address holds its id.
  | {
      key: string;
      label: string;
      type: 'autocomplete';
      placeholder?: string;
      // The options for what the user typed, asked once the typing pauses (AUTOCOMPLETE's length and delay).
      options: (text: string) => ListQueryOptions<Option[]>;
      // The option of the value the address holds (a link, a reload, back), for its label.
      selected: (value: string) => ListQueryOptions<Option>;
    };

export type ListQueryOptions<TData, TKey extends QueryKey = QueryKey> = UseQueryOptions<TData, Error, TData, TKey>;

type ListSource<Row, TData> = [TData] extends [ListPage<Row>]
  ? { toPage?: (data: TData, state: ListState) => ListPage<Row> }
  : { toPage: (data: TData, state: ListState) => ListPage<Row> };

export type ListViewProps<Row, TData, TKey extends QueryKey = QueryKey> = ListSource<Row, TData> & {
  // Accessible name of the table (and of its toolbars).
  label: string;
  // The same array from one render to the next (a constant, or useMemo), unless a column changes: new columns
  // draw every row again.
  columns: ListColumn<Row>[];
  queryOptions: (state: ListState) => ListQueryOptions<TData, TKey>;
  rowKey: (row: Row) => string | number;
  filters?: readonly ListFilter[];
  // The search box; absent, the list has none.
  search?: { label: string; placeholder?: string };
  defaultSort?: ListSort;
  // One of PER_PAGE_OPTIONS (contracts); default DEFAULT_PER_PAGE.
  defaultPerPage?: number;
  // "12 tâches"; default "12 lignes".
  countLabel?: (total: number) => string;
  emptyText?: string;
  loadingText?: string;
  // Shows the CSV export button; the file is named after it.
  exportFileName?: string;
  // The server writes the file (every page, with the list's search, filters and sort): a list too long to
  // gather in the browser. Without it, the browser gathers the pages and writes the file itself.
  serverExport?: (state: ListState) => Promise<{ blob: Blob; fileName: string | null }>;
  // A row opens with a click or with Enter (it is then focusable and named by `rowLabel`).
  onRowOpen?: (row: Row) => void;
  rowLabel?: (row: Row) => string;
  rowClassName?: (row: Row) => string;
  // localStorage key: when given, the top-level columns can be reordered and the order is remembered.
  columnOrderKey?: string;
  toolbarExtra?: ReactNode;
  // Rows can be ticked, across pages; the caller keeps which (to reassign, to merge...). Named by `rowLabel`.
  selection?: { keys: readonly (string | number)[]; onChange: (keys: (string | number)[], rows: Row[]) => void };
};

type AntColumns<Row> = NonNullable<TableProps<Row>['columns']>;
type AntColumn<Row> = AntColumns<Row>[number];
type AntSorter<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

// Shorter than a pause in typing would be noticed: the rows follow the last key within the 300 ms.
const SEARCH_DELAY_MS = 150;
const EXPORT_REUSE_MS = 30_000;
const COLUMN_MIME = 'application/x-bo-column';

function leaves<Row>(columns: readonly ListColumn<Row>[]): ListColumn<Row>[] {
  return columns.flatMap((column) => (column.children ? leaves(column.children) : [column]));
}

function valueOf<Row>(column: ListColumn<Row>, row: Row): string | number | null | undefined {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  return typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value);
}

const NO_ROWS: never[] = [];
// An empty table's text that shows nothing (antd shows its own "no data" for an empty string).
const NOTHING = <span />;

type PageItemRender = NonNullable<PaginationProps['itemRender']>;

// The pagination's pages as real links to their address (antd writes anchors without one): a link opens in a new
// tab too; a plain click stays in the page, where the item itself changes the page, as Enter does on it.
function pageLink(href: (page: number) => string): PageItemRender {
  return (page, type, original) => {
    if (type !== 'page' && type !== 'jump-prev' && type !== 'jump-next') return original;
    const props = {
      href: href(page),
      // The item around it is the one stop of the keyboard.
      tabIndex: -1,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) event.stopPropagation();
        else event.preventDefault();
      },
    };
    if (type === 'page') return <a {...props}>{page}</a>;
    return isValidElement(original) ? cloneElement(original as ReactElement<typeof props>, props) : original;
  };
}

const plural = (count: number, word: string) => `${count.toLocaleString('fr-FR')} ${word}${count > 1 ? 's' : ''}`;

// Typing waits for a pause before it changes the address (and asks the server); Enter applies at once. A change
// of the address from elsewhere (back, forward, "Effacer les filtres") shows in the box.
function DebouncedInput({ id, value, placeholder, onApply }: { id: string; value: string; placeholder?: string; onApply: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const written = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The timer applies through the latest handler, which starts from the latest state of the list.
  const latestApply = useLatestCallback(onApply);
  if (value !== shown) {
    setShown(value);
    if (value !== written.current) setDraft(value);
  }
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const apply = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    written.current = next.trim();
    latestApply(next.trim());
  };
  return (
    <Input
      id={id}
      value={draft}
      placeholder={placeholder}
      allowClear
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => apply(next), SEARCH_DELAY_MS);
      }}
      onPressEnter={() => apply(draft)}
    />
  );
}

type AutocompleteFilter = Extract<ListFilter, { type: 'autocomplete' }>;

// The options come from the remote's queries: those of the text typed (once the typing pauses) and the one of the
// value already chosen, whose label a link or a reload does not carry.
function AutocompleteControl({ filter, id, value, onChange }: { filter: AutocompleteFilter; id: string; value: string; onChange: (value: string) => void }) {
  const { typed, setTyped, text } = useTypedText();
  const long = text.length >= AUTOCOMPLETE.minLength;
  const found = useQuery({ ...filter.options(text), enabled: long });
  const chosen = useQuery({ ...filter.selected(value), enabled: value !== '' });
  const options = (long ? (found.data ?? []) : []).slice(0, AUTOCOMPLETE.maxResults).map((option) => ({ value: String(option.value), label: option.label }));
  if (value !== '' && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: chosen.data?.label ?? (chosen.isError ? `Introuvable (${value})` : 'Chargement…') });
  }
  const waiting = typed.trim() !== text || (long && found.isFetching);
  return (
    <Select
      id={id}
      style={{ minWidth: 260 }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      placeholder={filter.placeholder ?? 'Tous'}
      value={value === '' ? undefined : value}
      onChange={(next?: string) => {
        setTyped('');
        onChange(next ?? '');
      }}
      options={options}
      loading={waiting}
      notFoundContent={
        typed.trim().length < AUTOCOMPLETE.minLength
          ? `Tapez au moins ${AUTOCOMPLETE.minLength} caractères`
          : waiting
            ? 'Recherche…'
            : found.isError
              ? 'La recherche a échoué.'
              : messages.noMatch
      }
    />
  );
}

function FilterControl({ filter, id, value, onChange }: { filter: ListFilter; id: string; value: string; onChange: (value: string) => void }) {
  if (filter.type === 'text') return <DebouncedInput id={id} value={value} placeholder={filter.placeholder} onApply={onChange} />;
  if (filter.type === 'autocomplete') return <AutocompleteControl filter={filter} id={id} value={value} onChange={onChange} />;
  // Option values may be numbers; the address holds text.
  if (filter.type === 'radio') {
    const chosen = filter.options.find((option) => String(option.value) === (value || filter.defaultValue))?.value;
    return (
      <Radio.Group
        optionType="button"
        value={chosen}
        onChange={(event) => {
          const next = String(event.target.value);
          onChange(next === filter.defaultValue ? '' : next);
        }}
        options={filter.options.map((option) => ({ value: option.value, label: option.label, disabled: option.disabled }))}
      />
    );
  }
  const selected = filter.options.find((option) => String(option.value) === value)?.value;
  return (
    <Select
      id={id}
      style={{ minWidth: 200 }}
      allowClear
      showSearch={filter.searchable ? { filterOption: labelMatches } : undefined}
      placeholder={filter.placeholder ?? 'Tous'}
      value={selected}
      onChange={(next?: string | number) => onChange(next === undefined || next === null ? '' : String(next))}
      options={filter.options.map((option) => ({ value: option.value, label: option.label, disabled: option.disabled }))}
      notFoundContent="Aucune correspondance"
    />
  );
}

function ColumnOrderPanel<Row>({
  label,
  columns,
  order,
  isDefault,
  onMove,
  onReset,
}: {
  label: string;
  columns: readonly ListColumn<Row>[];
  order: string[];
  isDefault: boolean;
  onMove: (key: string, toIndex: number) => void;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = `list-order-${useId().replace(/:/g, '')}`;
  const titleOf = (key: string) => columns.find((column) => column.key === key)?.title ?? key;
  return (
    <div className="bo-table__order">
      <Button aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        Ordre des colonnes
      </Button>
      {open && (
        <div id={panelId} className="bo-table__order-panel">
          <ol aria-label={`Ordre des colonnes : ${label}`} className="bo-table__order-list">
            {order.map((key, index) => (
              <li key={key} className="bo-table__order-item">
                <span className="bo-table__order-name">{titleOf(key)}</span>
                <Button size="small" aria-label={`Déplacer ${titleOf(key)} vers la gauche`} disabled={index === 0} onClick={() => onMove(key, index - 1)}>
                  ←
                </Button>
                <Button
                  size="small"
                  aria-label={`Déplacer ${titleOf(key)} vers la droite`}
                  disabled={index === order.length - 1}
                  onClick={() => onMove(key, index + 1)}
                >
                  →
                </Button>
              </li>
            ))}
          </ol>
          <Button size="small" disabled={isDefault} onClick={onReset}>
            Ordre par défaut
          </Button>
        </div>
      )}
    </div>
  );
}

export function ListView<Row extends object, TData = ListPage<Row>, TKey extends QueryKey = QueryKey>(props: ListViewProps<Row, TData, TKey>) {
  const { label, columns, filters = [], search, defaultSort, defaultPerPage, rowKey, onRowOpen, rowLabel, rowClassName, columnOrderKey } = props;
  const baseId = `list-${useId().replace(/:/g, '')}`;
  const queryClient = useQueryClient();
  const toPage = (props.toPage ?? ((data: TData) => data as unknown as ListPage<Row>)) as (data: TData, state: ListState) => ListPage<Row>;

  const allColumns = leaves(columns);
  const sortKeys = allColumns.filter((column) => column.sortable).map((column) => column.key).join(',');
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
    const next = props.queryOptions(changeState(patch, options));
    if (queryClient.getQueryState(next.queryKey) === undefined) void queryClient.prefetchQuery(next);
  });

  const result = useQuery({ ...props.queryOptions(state), placeholderData: keepPreviousData });
  const page = useMemo(() => (result.data === undefined ? undefined : toPage(result.data, state)), [result.data, state, toPage]);
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

  const [announcement, setAnnouncement] = useState('');
  const columnOrder = useColumnOrder(
    columnOrderKey,
    columns.map((column) => column.key),
  );
  const order = columnOrder.order;
  const orderedColumns = useMemo(
    () => (columnOrderKey ? order.map((key) => columns.find((column) => column.key === key) as ListColumn<Row>) : columns),
    [columnOrderKey, order, columns],
  );

  const moveColumn = useLatestCallback((key: string, toIndex: number) => {
    columnOrder.move(key, toIndex);
    const title = columns.find((column) => column.key === key)?.title ?? key;
    setAnnouncement(`Colonne ${title} déplacée en position ${toIndex + 1} sur ${columns.length}.`);
  });

  // Built again only when the columns, their order or the sort change: a render that changes none of them (the
  // address applied, a load starting) keeps the table as it is.
  const antColumns = useMemo(() => {
    const headerDragProps = (column: ListColumn<Row>) => {
      if (!columnOrderKey) return {};
      return {
        draggable: true,
        title: 'Glisser pour déplacer la colonne',
        className: 'bo-table__draggable-header',
        onDragStart: (event: DragEvent<HTMLElement>) => {
          event.dataTransfer.setData(COLUMN_MIME, column.key);
          event.dataTransfer.effectAllowed = 'move';
        },
        onDragOver: (event: DragEvent<HTMLElement>) => {
          if (event.dataTransfer.types.includes(COLUMN_MIME)) event.preventDefault();
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          const key = event.dataTransfer.getData(COLUMN_MIME);
          if (!key || key === column.key) return;
          event.preventDefault();
          moveColumn(key, order.indexOf(column.key));
        },
      };
    };
    const toAntColumn = (column: ListColumn<Row>, topLevel: boolean): AntColumn<Row> => {
      const onHeaderCell = topLevel ? () => headerDragProps(column) : undefined;
      if (column.children) {
        return { key: column.key, title: column.title, children: column.children.map((child) => toAntColumn(child, false)), onHeaderCell };
      }
      return {
        key: column.key,
        title: column.title,
        className: column.sticky && orderedColumns[0] === column ? 'bo-list__sticky' : undefined,
        width: column.width,
        align: column.align,
        ellipsis: column.ellipsis,
        render: (_value: unknown, row: Row) => (column.render ? column.render(row) : valueOf(column, row)),
        sorter: column.sortable || undefined,
        // Two directions only: the address always says how the list is sorted.
        sortDirections: column.sortable ? ['ascend', 'descend'] : undefined,
        sortOrder: column.sortable && state.sort === column.key ? (state.order === 'asc' ? 'ascend' : 'descend') : null,
        showSorterTooltip: column.sortable ? { title: `Trier par ${column.title.toLowerCase()}` } : undefined,
        onHeaderCell,
      };
    };
    return orderedColumns.map((column) => toAntColumn(column, true));
  }, [orderedColumns, order, columnOrderKey, state.sort, state.order, moveColumn]);

  const handleChange = useLatestCallback<Parameters<NonNullable<TableProps<Row>['onChange']>>, void>((pagination, _filters, sorter: AntSorter<Row>, extra) => {
    if (extra.action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      if (single?.columnKey !== undefined) {
        const key = String(single.columnKey);
        // antd cycles ascend -> descend -> none; with two directions a click on the sorted column flips it.
        const order = single.order === 'descend' ? 'desc' : single.order === 'ascend' ? 'asc' : state.sort === key && state.order === 'asc' ? 'desc' : 'asc';
        update({ sort: key, order });
      }
      return;
    }
    if (extra.action === 'paginate') {
      const perPage = pagination.pageSize ?? state.perPage;
      update(perPage !== state.perPage ? { perPage } : { page: pagination.current ?? state.page });
    }
  });

  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);
  // What the list shows, every page of it: the remote's own query, page after page at the largest size.
  async function handleExport() {
    if (!props.exportFileName) return;
    setExporting(true);
    setExportError(false);
    try {
      if (props.serverExport) {
        const file = await props.serverExport(state);
        saveFile(file.fileName ?? `${props.exportFileName}.csv`, file.blob);
        setAnnouncement('Export terminé.');
        return;
      }
      const rows: Row[] = [];
      for (let number = 1; ; number += 1) {
        const pageState = { ...state, page: number, perPage: MAX_PER_PAGE };
        // Data younger than that is reused: a list computed in the browser is not loaded again for each page.
        const data = await queryClient.fetchQuery({ ...props.queryOptions(pageState), staleTime: EXPORT_REUSE_MS });
        const { items, total: all } = toPage(data, pageState);
        rows.push(...items);
        if (items.length === 0 || rows.length >= all) break;
      }
      const csvColumns: CsvColumn<Row>[] = leaves(orderedColumns).map((column) => ({ title: column.title, value: (row) => valueOf(column, row) }));
      downloadCsv(props.exportFileName, toCsv(csvColumns, rows));
      setAnnouncement(`${plural(rows.length, 'ligne')} exportée${rows.length > 1 ? 's' : ''}.`);
    } catch {
      setExportError(true);
    } finally {
      setExporting(false);
    }
  }

  const activeFilters = Object.keys(state.filters).length;
  const active = state.search !== '' || activeFilters > 0;
  const countLabel = props.countLabel ?? ((count: number) => plural(count, 'ligne'));
  const loadingText = props.loadingText ?? 'Chargement…';
  const failedFirstLoad = result.isError && shown === undefined;
  const waiting = !failedFirstLoad && (result.isPending || (result.isFetching && result.isPlaceholderData));

  const rowKeyOf = useLatestCallback(rowKey);
  const rowLabelOf = useLatestCallback((row: Row) => rowLabel?.(row) ?? String(rowKey(row)));
  const rowClassOf = useLatestCallback((row: Row) => rowClassName?.(row) ?? '');
  const openRow = useLatestCallback((row: Row) => onRowOpen?.(row));
  const selectionChange = useLatestCallback((keys: (string | number)[], rows: Row[]) => props.selection?.onChange(keys, rows));
  const selectable = props.selection !== undefined;
  const selectedKeys = props.selection?.keys.join('\u0000') ?? '';
  const rowSelection = useMemo<TableProps<Row>['rowSelection']>(
    () =>
      selectable
        ? {
            selectedRowKeys: [...(props.selection?.keys ?? [])],
            preserveSelectedRowKeys: true,
            // The width the sticky column is placed after (app.css).
            columnWidth: 32,
            onChange: (keys, rows) => selectionChange(keys as (string | number)[], rows),
            getCheckboxProps: (row) => ({ 'aria-label': `Sélectionner ${rowLabelOf(row)}` }),
          }
        : undefined,
    // The keys by value: a page passes a new array each render.
    [selectable, selectedKeys, selectionChange, rowLabelOf],
  );
  const opensRows = onRowOpen !== undefined;
  const labelsRows = rowLabel !== undefined;
  const onRow = useMemo<TableProps<Row>['onRow']>(
    () =>
      opensRows
        ? (row) => ({
            tabIndex: 0,
            style: { cursor: 'pointer' },
            'aria-label': labelsRows ? rowLabelOf(row) : undefined,
            onClick: () => openRow(row),
            onKeyDown: (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) openRow(row);
            },
          })
        : undefined,
    [opensRows, labelsRows, rowLabelOf, openRow],
  );
  const currentPage = Math.min(state.page, lastPageNumber);
  // The latest address of each page, read when the pagination draws: a change of the view that has not brought its
  // rows yet draws nothing again.
  const pageHrefOf = useLatestCallback(pageHref);
  const pagination = useMemo<TableProps<Row>['pagination']>(
    () => ({
      current: currentPage,
      pageSize: state.perPage,
      total,
      showSizeChanger: true,
      pageSizeOptions: PER_PAGE_OPTIONS.map(String),
      showTotal: (count, range) => `${range[0].toLocaleString('fr-FR')}–${range[1].toLocaleString('fr-FR')} sur ${count.toLocaleString('fr-FR')}`,
      itemRender: pageLink(pageHrefOf),
    }),
    [currentPage, state.perPage, total, pageHrefOf],
  );
  // Nothing loaded yet and the load failed: not "no results", which would lie; the alert above says it, once.
  const emptyText = shown ? (props.emptyText ?? 'Aucun résultat ne correspond à ces critères') : failedFirstLoad ? NOTHING : loadingText;
  const locale = useMemo(() => ({ emptyText }), [emptyText]);
  const items = shown?.items ?? NO_ROWS;
  const bordered = columns.some((column) => column.children);
  const hasRowClass = rowClassName !== undefined;
  // The same element while nothing it shows changes: React then leaves the table alone (a load starting only
  // turns the spinner on above it).
  const table = useMemo(
    () => (
      <Table<Row>
        aria-label={label}
        columns={antColumns}
        dataSource={items}
        rowKey={rowKeyOf}
        bordered={bordered}
        size="middle"
        onChange={handleChange}
        pagination={pagination}
        rowClassName={hasRowClass ? rowClassOf : undefined}
        rowSelection={rowSelection}
        onRow={onRow}
        locale={locale}
      />
    ),
    [label, antColumns, items, rowKeyOf, bordered, handleChange, pagination, hasRowClass, rowClassOf, rowSelection, onRow, locale],
  );

  return (
    <div className={`bo-table bo-list${selectable ? ' bo-list--selectable' : ''}`}>
      <div className="bo-table__toolbar">
        {(search || filters.length > 0) && (
          <div className="bo-table__filters" role="search" aria-label={`Filtres : ${label}`}>
            {search && (
              <div className="bo-table__filter">
                <label htmlFor={`${baseId}-search`} className="bo-table__filter-label">
                  {search.label}
                </label>
                <DebouncedInput id={`${baseId}-search`} value={state.search} placeholder={search.placeholder} onApply={(value) => update({ search: value })} />
              </div>
            )}
            {/* On a narrow screen the filters fold behind this button, which counts those in use (app.css decides when). */}
            {filters.length > 0 && (
              <Button className="bo-table__filters-toggle" aria-expanded={filtersOpen} aria-controls={`${baseId}-filters`} onClick={() => setFiltersOpen((open) => !open)}>
                {activeFilters > 0 ? `Filtres (${activeFilters})` : 'Filtres'}
              </Button>
            )}
            <div
              id={`${baseId}-filters`}
              className={['bo-table__filter-fields', filters.length > 0 && 'bo-table__filter-fields--foldable', filtersOpen && 'bo-table__filter-fields--open'].filter(Boolean).join(' ')}
            >
              {filters.map((filter) => {
                const id = `${baseId}-${filter.key}`;
                const value = state.filters[filter.key] ?? '';
                const change = (next: string) => {
                  const nextFilters = { ...state.filters };
                  if (next) nextFilters[filter.key] = next;
                  else delete nextFilters[filter.key];
                  update({ filters: nextFilters });
                };
                return filter.type === 'radio' ? (
                  <div className="bo-table__filter" key={filter.key} role="group" aria-labelledby={`${id}-label`}>
                    <div id={`${id}-label`} className="bo-table__filter-label">
                      {filter.label}
                    </div>
                    <FilterControl filter={filter} id={id} value={value} onChange={change} />
                  </div>
                ) : (
                  <div className="bo-table__filter" key={filter.key}>
                    <label htmlFor={id} className="bo-table__filter-label">
                      {filter.label}
                    </label>
                    <FilterControl filter={filter} id={id} value={value} onChange={change} />
                  </div>
                );
              })}
              <Button className="bo-table__filter-reset" disabled={!active} onClick={() => update({ search: '', filters: {} })}>
                Effacer les filtres
              </Button>
            </div>
          </div>
        )}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          {props.toolbarExtra}
          {columnOrderKey && (
            <ColumnOrderPanel
              label={label}
              columns={columns}
              order={columnOrder.order}
              isDefault={columnOrder.isDefault}
              onMove={moveColumn}
              onReset={() => {
                columnOrder.reset();
                setAnnouncement('Ordre des colonnes par défaut rétabli.');
              }}
            />
          )}
          {props.exportFileName && (
            <Button onClick={handleExport} loading={exporting} disabled={shown === undefined || total === 0}>
              Exporter en CSV
            </Button>
          )}
        </div>
      </div>
      {(result.isError || exportError) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          title={result.isError ? 'Le chargement a échoué.' : 'L’export a échoué.'}
          description={result.isError && shown ? 'Les dernières données chargées restent affichées.' : undefined}
          action={
            result.isError ? (
              <Button size="small" onClick={() => void result.refetch()}>
                Réessayer
              </Button>
            ) : undefined
          }
        />
      )}
      <p className="bo-table__count" role="status">
        {shown ? countLabel(total) : failedFirstLoad ? '' : loadingText}
      </p>
      {/* The spinner covers the rows without touching them: a class set on the table's container (antd's own
          loading state) makes the browser work out the style of every cell again, on and off. */}
      <div className="bo-list__body" aria-busy={waiting}>
        {table}
        {waiting && (
          <div className="bo-list__loading">
            <Spin description={loadingText} />
          </div>
        )}
      </div>
      <div className="bo-sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
