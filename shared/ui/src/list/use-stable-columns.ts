import { useMemo, useRef } from 'react';
import { leaves } from './list-columns';
import type { ListColumn } from './list-types';

// A list's columns kept from one render to the next while their shape (keys, headers, sort, width...) stays the
// same: new column objects would make the table draw every row again, and forget what it built from them. A page
// may then build its columns in its render, from its data. Each cell still runs the latest `render` and `value`
// given for its column key, whenever its row is drawn (new rows, another sort or page).

function shapeOf<Row>(columns: readonly ListColumn<Row>[]): unknown[] {
  return columns.map((column) => [
    column.key,
    column.title,
    column.definition,
    column.sortable,
    column.width,
    column.align,
    column.ellipsis,
    column.sticky,
    column.render !== undefined,
    column.value !== undefined,
    column.children ? shapeOf(column.children) : null,
  ]);
}

export function useStableColumns<Row>(columns: ListColumn<Row>[]): ListColumn<Row>[] {
  // Set while rendering, before the table draws its cells from it in the same render.
  const latest = useRef(new Map<string, ListColumn<Row>>());
  latest.current = new Map(leaves(columns).map((column) => [column.key, column]));
  const shape = JSON.stringify(shapeOf(columns));
  // The columns are read again when their shape changes only.
  return useMemo(() => delegated(columns, latest), [shape]);
}

function delegated<Row>(
  columns: readonly ListColumn<Row>[],
  latest: { current: Map<string, ListColumn<Row>> },
): ListColumn<Row>[] {
  return columns.map((column) => {
    if (column.children) return { ...column, children: delegated(column.children, latest) };
    const current = () => latest.current.get(column.key) ?? column;
    return {
      ...column,
      render: column.render && ((row: Row) => current().render?.(row)),
      value: column.value && ((row: Row) => current().value?.(row)),
    };
  });
}
