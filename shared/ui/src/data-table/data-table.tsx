import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Table, type TableProps } from 'antd';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { Option } from '../form/inputs';
import { moveItem, useColumnOrder } from './column-order';

// The kit's data table, on antd's Table. Two modes:
// - `source`: server-style. The table asks an async function for one page (filters, sort, page) and shows
//   it; 10 000 rows or a million, only one page is ever rendered.
// - `rows`: a short list held by the page, shown whole; with `onRowsReorder` its rows can be dragged (or
//   moved with the "Monter" / "Descendre" buttons from the keyboard).

export type SortOrder = 'asc' | 'desc';

export type DataTableQuery = {
  page: number;
  pageSize: number;
  sort: { key: string; order: SortOrder } | null;
  // Column key -> filter value; a column absent from the map is not filtered.
  filters: Record<string, string>;
};

export type DataTablePage<Row> = { rows: Row[]; total: number };

export type DataTableSource<Row> = (query: DataTableQuery, signal: AbortSignal) => Promise<DataTablePage<Row>>;

export type DataTableFilter = { type: 'text'; placeholder?: string } | { type: 'select'; options: Option[] };

export type DataTableColumn<Row> = {
  key: string;
  title: string;
  // A group header: its children are the columns under it.
  children?: DataTableColumn<Row>[];
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  filter?: DataTableFilter;
  width?: number;
  align?: 'left' | 'right' | 'center';
};

type CommonProps<Row> = {
  // Accessible name of the table (and of its toolbars).
  label: string;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  // localStorage key: when given, the top-level columns can be reordered and the order is remembered.
  columnOrderKey?: string;
};

export type DataTableProps<Row> = CommonProps<Row> &
  (
    | {
        source: DataTableSource<Row>;
        // Identifies the source for the query cache: two tables on one source share their pages.
        queryKey: readonly unknown[];
        pageSize?: number;
        pageSizeOptions?: number[];
        defaultSort?: DataTableQuery['sort'];
        rows?: never;
        onRowsReorder?: never;
        rowLabel?: never;
      }
    | {
        rows: Row[];
        // Makes rows draggable; called with the rows in their new order.
        onRowsReorder?: (rows: Row[]) => void;
        // How a row is named in the move buttons and announcements ("Monter Claire Martin").
        rowLabel?: (row: Row) => string;
        source?: never;
        queryKey?: never;
        pageSize?: never;
        pageSizeOptions?: never;
        defaultSort?: never;
      }
  );

type AntColumns<Row> = NonNullable<TableProps<Row>['columns']>;
type AntColumn<Row> = AntColumns<Row>[number];
type AntSorter<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

const COLUMN_MIME = 'application/x-bo-column';
const ROW_MIME = 'application/x-bo-row';
const TEXT_FILTER_DELAY_MS = 250;

function leaves<Row>(columns: DataTableColumn<Row>[]): DataTableColumn<Row>[] {
  return columns.flatMap((column) => (column.children ? leaves(column.children) : [column]));
}

function cellValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function TextFilterInput({ id, initial, placeholder, onApply }: { id: string; initial: string; placeholder?: string; onApply: (value: string) => void }) {
  const [draft, setDraft] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Typing is debounced so 10 000 rows are not filtered on every key stroke.
  function handleChange(value: string) {
    setDraft(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onApply(value.trim()), TEXT_FILTER_DELAY_MS);
  }
  return (
    <Input
      id={id}
      value={draft}
      placeholder={placeholder}
      allowClear
      onChange={(event) => handleChange(event.target.value)}
      onPressEnter={() => {
        if (timer.current) clearTimeout(timer.current);
        onApply(draft.trim());
      }}
    />
  );
}

function FilterBar<Row>({
  label,
  columns,
  filters,
  onChange,
}: {
  label: string;
  columns: DataTableColumn<Row>[];
  filters: Record<string, string>;
  onChange: (filters: Record<string, string>) => void;
}) {
  const baseId = `dt-${useId().replace(/:/g, '')}`;
  const [generation, setGeneration] = useState(0);
  const filterable = columns.filter((column) => column.filter);
  if (filterable.length === 0) return null;
  const active = Object.values(filters).some(Boolean);

  function apply(key: string, value: string) {
    const next = { ...filters };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  }

  return (
    <div className="bo-table__filters" role="search" aria-label={`Filtres : ${label}`} key={generation}>
      {filterable.map((column) => {
        const id = `${baseId}-${column.key}`;
        const filter = column.filter as DataTableFilter;
        return (
          <div className="bo-table__filter" key={column.key}>
            <label htmlFor={id} className="bo-table__filter-label">
              Filtre : {column.title}
            </label>
            {filter.type === 'text' ? (
              <TextFilterInput id={id} initial={filters[column.key] ?? ''} placeholder={filter.placeholder} onApply={(value) => apply(column.key, value)} />
            ) : (
              <Select
                id={id}
                value={filters[column.key] || undefined}
                onChange={(value?: string | number) => apply(column.key, value === undefined || value === null ? '' : String(value))}
                options={filter.options}
                allowClear
                placeholder="Tous"
                notFoundContent="Aucune correspondance"
                style={{ minWidth: 160 }}
              />
            )}
          </div>
        );
      })}
      <Button
        className="bo-table__filter-reset"
        disabled={!active}
        onClick={() => {
          onChange({});
          setGeneration((g) => g + 1);
        }}
      >
        Effacer les filtres
      </Button>
    </div>
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
  columns: DataTableColumn<Row>[];
  order: string[];
  isDefault: boolean;
  onMove: (key: string, toIndex: number) => void;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = `dt-order-${useId().replace(/:/g, '')}`;
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

export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { label, columns, rowKey, columnOrderKey } = props;
  const serverMode = props.source !== undefined;
  const [query, setQuery] = useState<DataTableQuery>(() => ({
    page: 1,
    pageSize: props.pageSize ?? 20,
    sort: props.defaultSort ?? null,
    filters: {},
  }));
  const [announcement, setAnnouncement] = useState('');
  const [dragOverRow, setDragOverRow] = useState<number | null>(null);
  const columnOrder = useColumnOrder(
    columnOrderKey,
    columns.map((column) => column.key),
  );

  const result = useQuery({
    queryKey: ['data-table', ...(props.queryKey ?? []), query],
    queryFn: ({ signal }) => (props.source as DataTableSource<Row>)(query, signal),
    enabled: serverMode,
    placeholderData: keepPreviousData,
  });

  const orderedColumns = columnOrderKey
    ? columnOrder.order.map((key) => columns.find((column) => column.key === key) as DataTableColumn<Row>)
    : columns;

  function moveColumn(key: string, toIndex: number) {
    columnOrder.move(key, toIndex);
    const title = columns.find((column) => column.key === key)?.title ?? key;
    setAnnouncement(`Colonne ${title} déplacée en position ${toIndex + 1} sur ${columns.length}.`);
  }

  function headerDragProps(column: DataTableColumn<Row>) {
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
        moveColumn(key, columnOrder.order.indexOf(column.key));
      },
    };
  }

  function toAntColumn(column: DataTableColumn<Row>, topLevel: boolean): AntColumn<Row> {
    const onHeaderCell = topLevel ? () => headerDragProps(column) : undefined;
    if (column.children) {
      return { key: column.key, title: column.title, children: column.children.map((child) => toAntColumn(child, false)), onHeaderCell };
    }
    const sortable = serverMode && column.sortable;
    return {
      key: column.key,
      title: column.title,
      width: column.width,
      align: column.align,
      render: (_value: unknown, row: Row) => (column.render ? column.render(row) : cellValue(row, column.key)),
      sorter: sortable || undefined,
      sortOrder: sortable && query.sort?.key === column.key ? (query.sort.order === 'asc' ? 'ascend' : 'descend') : null,
      onHeaderCell,
    };
  }

  const rows = serverMode ? (result.data?.rows ?? []) : (props.rows ?? []);
  const reorderRows = props.onRowsReorder;
  const describeRow = (row: Row) => props.rowLabel?.(row) ?? String(rowKey(row));

  // The move button keeps the focus after its row moved (the other one when it reached an end), so the
  // keyboard can move a row several places in a row.
  const focusAfterRowMove = useRef<{ key: string | number; button: 'up' | 'down' } | null>(null);

  function moveRow(from: number, to: number, refocus?: 'up' | 'down') {
    if (!reorderRows || to < 0 || to >= rows.length || from === to) return;
    if (refocus) {
      const button = refocus === 'up' ? (to === 0 ? 'down' : 'up') : to === rows.length - 1 ? 'up' : 'down';
      focusAfterRowMove.current = { key: rowKey(rows[from]), button };
    }
    reorderRows(moveItem(rows, from, to));
    setAnnouncement(`${describeRow(rows[from])} déplacé en position ${to + 1} sur ${rows.length}.`);
  }

  function refocusMoveButton(element: HTMLElement | null, row: Row, button: 'up' | 'down') {
    const pending = focusAfterRowMove.current;
    if (element && pending && pending.key === rowKey(row) && pending.button === button) {
      focusAfterRowMove.current = null;
      element.focus();
    }
  }

  const antColumns: AntColumns<Row> = orderedColumns.map((column) => toAntColumn(column, true));
  if (reorderRows) {
    antColumns.unshift({
      key: '__move',
      title: 'Déplacer',
      width: 150,
      render: (_value: unknown, row: Row, index: number) => (
        <span className="bo-table__row-handle">
          <span className="bo-table__grip" aria-hidden="true">
            ⠿
          </span>
          <Button
            size="small"
            aria-label={`Monter ${describeRow(row)}`}
            disabled={index === 0}
            onClick={() => moveRow(index, index - 1, 'up')}
            ref={(element) => refocusMoveButton(element, row, 'up')}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={`Descendre ${describeRow(row)}`}
            disabled={index === rows.length - 1}
            onClick={() => moveRow(index, index + 1, 'down')}
            ref={(element) => refocusMoveButton(element, row, 'down')}
          >
            ↓
          </Button>
        </span>
      ),
    });
  }

  const handleChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter: AntSorter<Row>) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = single?.order && single.columnKey ? { key: String(single.columnKey), order: single.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : null;
    setQuery((current) => {
      const sortChanged = JSON.stringify(sort) !== JSON.stringify(current.sort);
      const pageSize = pagination.pageSize ?? current.pageSize;
      return {
        ...current,
        sort,
        pageSize,
        // A new sort or page size starts again from the first page.
        page: sortChanged || pageSize !== current.pageSize ? 1 : (pagination.current ?? current.page),
      };
    });
  };

  const total = serverMode ? (result.data?.total ?? 0) : rows.length;

  return (
    <div className="bo-table">
      <div className="bo-table__toolbar">
        {serverMode && (
          <FilterBar label={label} columns={leaves(columns)} filters={query.filters} onChange={(filters) => setQuery((current) => ({ ...current, filters, page: 1 }))} />
        )}
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
      </div>
      <p className="bo-table__count" role="status">
        {result.isError
          ? 'Le chargement a échoué.'
          : `${total.toLocaleString('fr-FR')} ligne${total > 1 ? 's' : ''}${serverMode && result.isFetching ? ' (chargement…)' : ''}`}
      </p>
      <Table<Row>
        aria-label={label}
        columns={antColumns}
        dataSource={rows}
        rowKey={rowKey}
        loading={serverMode && result.isFetching}
        bordered={columns.some((column) => column.children)}
        size="middle"
        scroll={{ x: 'max-content' }}
        onChange={handleChange}
        pagination={
          serverMode
            ? {
                current: query.page,
                pageSize: query.pageSize,
                total,
                showSizeChanger: true,
                pageSizeOptions: props.pageSizeOptions ?? [10, 20, 50, 100],
                showTotal: (count, range) => `${range[0].toLocaleString('fr-FR')}–${range[1].toLocaleString('fr-FR')} sur ${count.toLocaleString('fr-FR')}`,
              }
            : false
        }
        onRow={
          reorderRows
            ? (_row, index = 0) => ({
                draggable: true,
                className: dragOverRow === index ? 'bo-table__row--drop-target' : undefined,
                onDragStart: (event: DragEvent<HTMLElement>) => {
                  event.dataTransfer.setData(ROW_MIME, String(index));
                  event.dataTransfer.effectAllowed = 'move';
                },
                onDragOver: (event: DragEvent<HTMLElement>) => {
                  if (!event.dataTransfer.types.includes(ROW_MIME)) return;
                  event.preventDefault();
                  if (dragOverRow !== index) setDragOverRow(index);
                },
                onDragLeave: () => setDragOverRow(null),
                onDrop: (event: DragEvent<HTMLElement>) => {
                  event.preventDefault();
                  setDragOverRow(null);
                  const from = Number(event.dataTransfer.getData(ROW_MIME));
                  if (Number.isInteger(from)) moveRow(from, index);
                },
                onDragEnd: () => setDragOverRow(null),
              })
            : undefined
        }
        locale={{ emptyText: 'Aucune donnée' }}
      />
      <div className="bo-sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
