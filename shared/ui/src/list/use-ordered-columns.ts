import { useMemo, type DragEvent, type HTMLAttributes } from 'react';
import { useColumnOrder } from './column-order';
import { useLatestCallback } from '../use-latest-callback';
import type { ListColumn } from './list-types';

// A list's top-level columns in the order the user chose (remembered under `storageKey`), moved from the order
// panel or by dragging a header onto another; each move is announced.

const COLUMN_MIME = 'application/x-bo-column';

export function useOrderedColumns<Row>(
  storageKey: string | undefined,
  columns: ListColumn<Row>[],
  announce: (text: string) => void,
) {
  const columnOrder = useColumnOrder(
    storageKey,
    columns.map((column) => column.key),
  );
  const order = columnOrder.order;
  const orderedColumns = useMemo(
    () => (storageKey ? order.map((key) => columns.find((column) => column.key === key) as ListColumn<Row>) : columns),
    [storageKey, order, columns],
  );

  const move = useLatestCallback((key: string, toIndex: number) => {
    columnOrder.move(key, toIndex);
    const title = columns.find((column) => column.key === key)?.title ?? key;
    announce(`Colonne ${title} déplacée en position ${toIndex + 1} sur ${columns.length}.`);
  });

  const headerProps = useMemo(
    () =>
      (column: ListColumn<Row>): HTMLAttributes<HTMLElement> & { draggable?: boolean } => {
        if (!storageKey) return {};
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
            move(key, order.indexOf(column.key));
          },
        };
      },
    [storageKey, order, move],
  );

  return {
    orderedColumns,
    order,
    isDefault: columnOrder.isDefault,
    move,
    headerProps,
    reset: () => {
      columnOrder.reset();
      announce('Ordre des colonnes par défaut rétabli.');
    },
  };
}
