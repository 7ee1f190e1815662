import type { TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import type { ListSort } from './list-state';
import type { ListColumn } from './list-types';

// The kit's columns as antd's table takes them: the cell drawn from `render` or `value`, the header named (and
// defined), the sort shown as the list's state says.

type AntColumns<Row> = NonNullable<TableProps<Row>['columns']>;
export type AntColumn<Row> = AntColumns<Row>[number];

// The columns that hold cells: a group's children in place of the group.
export function leaves<Row>(columns: readonly ListColumn<Row>[]): ListColumn<Row>[] {
  return columns.flatMap((column) => (column.children ? leaves(column.children) : [column]));
}

export function valueOf<Row>(column: ListColumn<Row>, row: Row): string | number | null | undefined {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  return typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value);
}

function header<Row>(column: ListColumn<Row>) {
  return column.definition ? <abbr title={column.definition}>{column.title}</abbr> : column.title;
}

export type AntColumnOptions<Row> = {
  // The list's sort: the header of the sorted column shows its direction.
  sort?: ListSort | null;
  // Extra attributes of a top-level header (dragging it elsewhere).
  headerProps?: (column: ListColumn<Row>) => HTMLAttributes<HTMLElement>;
};

export function toAntColumns<Row>(
  columns: readonly ListColumn<Row>[],
  { sort = null, headerProps }: AntColumnOptions<Row> = {},
): AntColumns<Row> {
  const toAntColumn = (column: ListColumn<Row>, topLevel: boolean): AntColumn<Row> => {
    const onHeaderCell = topLevel && headerProps ? () => headerProps(column) : undefined;
    if (column.children) {
      return {
        key: column.key,
        title: header(column),
        children: column.children.map((child) => toAntColumn(child, false)),
        onHeaderCell,
      };
    }
    return {
      key: column.key,
      title: header(column),
      className: column.sticky && columns[0] === column ? 'bo-list__sticky' : undefined,
      width: column.width,
      align: column.align,
      ellipsis: column.ellipsis,
      render: (_value: unknown, row: Row) => (column.render ? column.render(row) : valueOf(column, row)),
      sorter: column.sortable || undefined,
      // Two directions only: the address always says how the list is sorted.
      sortDirections: column.sortable ? ['ascend', 'descend'] : undefined,
      sortOrder: column.sortable && sort?.key === column.key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      showSorterTooltip: column.sortable ? { title: `Trier par ${column.title.toLowerCase()}` } : undefined,
      onHeaderCell,
    };
  };
  return columns.map((column) => toAntColumn(column, true));
}
