import { Table, type TableProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { toAntColumns } from './list-columns';
import type { ListColumn } from './list-types';

// A table of rows the page already holds (a team, a report's figures, the page of todos behind a figure), drawn
// with the kit's columns as ListView draws them. For rows with no search, filters or state of their own in the
// address; a list that has them is a ListView.

export type DataTablePaging =
  // The rows a page at a time, in the browser; the reader picks the size among `perPageOptions`, if given.
  | { perPage: number; perPageOptions?: readonly number[] }
  // The page of rows the server gave, of `total` in all; `onChange` asks for another.
  | { page: number; perPage: number; total: number; onChange: (page: number) => void };

export type DataTableProps<Row> = {
  // Accessible name of the table.
  label: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  // Absent: every row at once.
  paging?: DataTablePaging;
  // A spinner over the rows, with its text.
  loading?: boolean;
  loadingText?: string;
  emptyText?: ReactNode;
  // Wider than its card (many columns): the table scrolls sideways.
  wide?: boolean;
};

const range = (count: number, [first, last]: [number, number]) =>
  `${first.toLocaleString('fr-FR')}–${last.toLocaleString('fr-FR')} sur ${count.toLocaleString('fr-FR')}`;

function pagination(paging: DataTablePaging | undefined): TableProps<object>['pagination'] {
  if (!paging) return false;
  if ('page' in paging) {
    return {
      current: paging.page,
      pageSize: paging.perPage,
      total: paging.total,
      onChange: paging.onChange,
      showSizeChanger: false,
      showTotal: range,
    };
  }
  return {
    defaultPageSize: paging.perPage,
    showSizeChanger: paging.perPageOptions !== undefined,
    pageSizeOptions: paging.perPageOptions ? [...paging.perPageOptions] : undefined,
    showTotal: range,
  };
}

export function DataTable<Row extends object>({
  label,
  columns,
  rows,
  rowKey,
  paging,
  loading = false,
  loadingText,
  emptyText,
  wide,
}: DataTableProps<Row>) {
  const antColumns = useMemo(() => toAntColumns(columns), [columns]);
  return (
    <div className="bo-table">
      <Table<Row>
        aria-label={label}
        columns={antColumns}
        dataSource={rows as Row[]}
        rowKey={rowKey}
        // A group of columns draws the table's borders.
        bordered={columns.some((column) => column.children)}
        size="middle"
        scroll={wide ? { x: 'max-content' } : undefined}
        pagination={pagination(paging)}
        loading={loadingText ? { spinning: loading, description: loadingText } : loading}
        locale={emptyText === undefined ? undefined : { emptyText }}
      />
    </div>
  );
}
