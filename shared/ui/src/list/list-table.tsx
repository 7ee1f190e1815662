import { PER_PAGE_OPTIONS } from '@bo/contracts';
import { Table, type PaginationProps, type TableProps } from 'antd';
import {
  cloneElement,
  isValidElement,
  useMemo,
  type HTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useLatestCallback } from '../use-latest-callback';
import { toAntColumns } from './list-columns';
import type { ListState } from './list-state';
import type { ListColumn, ListViewProps } from './list-types';

// The table of a ListView: one page of rows, its sort and its pagination written to the list's state, rows that open
// or can be ticked. Drawn again only when what it shows changes: a render of the list that changes none of it (the
// address applied, a load starting) leaves the table alone.

type AntSorter<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];
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
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
          event.stopPropagation();
        else event.preventDefault();
      },
    };
    if (type === 'page') return <a {...props}>{page}</a>;
    return isValidElement(original) ? cloneElement(original as ReactElement<typeof props>, props) : original;
  };
}

type ListTableProps<Row> = Pick<
  ListViewProps<Row, unknown>,
  'label' | 'rowKey' | 'rowLabel' | 'rowClassName' | 'onRowOpen' | 'selection'
> & {
  // In the order shown.
  columns: readonly ListColumn<Row>[];
  headerProps: (column: ListColumn<Row>) => HTMLAttributes<HTMLElement>;
  state: ListState;
  update: (patch: Partial<ListState>) => void;
  pageHref: (page: number) => string;
  currentPage: number;
  total: number;
  items: Row[];
  emptyText: ReactNode;
  // A group of columns draws the table's borders.
  bordered: boolean;
};

export function ListTable<Row extends object>(props: ListTableProps<Row>) {
  const {
    label,
    columns,
    headerProps,
    state,
    update,
    pageHref,
    currentPage,
    total,
    items,
    emptyText,
    bordered,
    rowKey,
    rowLabel,
    rowClassName,
    onRowOpen,
  } = props;
  // Built again only when the columns, their order or the sort change.
  const antColumns = useMemo(
    () =>
      toAntColumns(columns, {
        sort: state.sort === null ? null : { key: state.sort, order: state.order },
        headerProps,
      }),
    [columns, headerProps, state.sort, state.order],
  );

  const handleChange = useLatestCallback<Parameters<NonNullable<TableProps<Row>['onChange']>>, void>(
    (pagination, _filters, sorter: AntSorter<Row>, extra) => {
      if (extra.action === 'sort') {
        const single = Array.isArray(sorter) ? sorter[0] : sorter;
        if (single?.columnKey !== undefined) {
          const key = String(single.columnKey);
          // antd cycles ascend -> descend -> none; with two directions a click on the sorted column flips it.
          const order =
            single.order === 'descend'
              ? 'desc'
              : single.order === 'ascend'
                ? 'asc'
                : state.sort === key && state.order === 'asc'
                  ? 'desc'
                  : 'asc';
          update({ sort: key, order });
        }
        return;
      }
      if (extra.action === 'paginate') {
        const perPage = pagination.pageSize ?? state.perPage;
        update(perPage !== state.perPage ? { perPage } : { page: pagination.current ?? state.page });
      }
    },
  );

  const rowKeyOf = useLatestCallback(rowKey);
  const rowLabelOf = useLatestCallback((row: Row) => rowLabel?.(row) ?? String(rowKey(row)));
  const rowClassOf = useLatestCallback((row: Row) => rowClassName?.(row) ?? '');
  const openRow = useLatestCallback((row: Row) => onRowOpen?.(row));
  const selectionChange = useLatestCallback((keys: (string | number)[], rows: Row[]) =>
    props.selection?.onChange(keys, rows),
  );
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
      showTotal: (count, range) =>
        `${range[0].toLocaleString('fr-FR')}–${range[1].toLocaleString('fr-FR')} sur ${count.toLocaleString('fr-FR')}`,
      itemRender: pageLink(pageHrefOf),
    }),
    [currentPage, state.perPage, total, pageHrefOf],
  );
  const locale = useMemo(() => ({ emptyText }), [emptyText]);
  const hasRowClass = rowClassName !== undefined;
  // The same element while nothing it shows changes: React then leaves the table alone.
  return useMemo(
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
    [
      label,
      antColumns,
      items,
      rowKeyOf,
      bordered,
      handleChange,
      pagination,
      hasRowClass,
      rowClassOf,
      rowSelection,
      onRow,
      locale,
    ],
  );
}
