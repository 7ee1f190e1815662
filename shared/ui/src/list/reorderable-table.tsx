import { Button, Table, type TableProps } from 'antd';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { moveItem } from './column-order';

// A short list held by the page (not queried: lists are the kit's ListView), shown whole, whose rows are put in
// order by dragging them or with the "Monter" / "Descendre" buttons from the keyboard.

export type ReorderableColumn<Row> = {
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
};

export type ReorderableTableProps<Row> = {
  // Accessible name of the table.
  label: string;
  columns: ReorderableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rows: Row[];
  // Called with the rows in their new order.
  onRowsReorder: (rows: Row[]) => void;
  // How a row is named in the move buttons and announcements ("Monter Claire Martin").
  rowLabel: (row: Row) => string;
};

type AntColumns<Row> = NonNullable<TableProps<Row>['columns']>;

const ROW_MIME = 'application/x-bo-row';

function cellValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function ReorderableTable<Row extends object>({
  label,
  columns,
  rowKey,
  rows,
  onRowsReorder,
  rowLabel,
}: ReorderableTableProps<Row>) {
  const [announcement, setAnnouncement] = useState('');
  const [dragOverRow, setDragOverRow] = useState<number | null>(null);

  // The move button keeps the focus after its row moved (the other one when it reached an end), so the
  // keyboard can move a row several places in a row.
  const focusAfterRowMove = useRef<{ key: string | number; button: 'up' | 'down' } | null>(null);

  function moveRow(from: number, to: number, refocus?: 'up' | 'down') {
    if (to < 0 || to >= rows.length || from === to) return;
    if (refocus) {
      const button = refocus === 'up' ? (to === 0 ? 'down' : 'up') : to === rows.length - 1 ? 'up' : 'down';
      focusAfterRowMove.current = { key: rowKey(rows[from]), button };
    }
    onRowsReorder(moveItem(rows, from, to));
    setAnnouncement(`${rowLabel(rows[from])} déplacé en position ${to + 1} sur ${rows.length}.`);
  }

  function refocusMoveButton(element: HTMLElement | null, row: Row, button: 'up' | 'down') {
    const pending = focusAfterRowMove.current;
    if (element && pending && pending.key === rowKey(row) && pending.button === button) {
      focusAfterRowMove.current = null;
      element.focus();
    }
  }

  const antColumns: AntColumns<Row> = [
    {
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
            aria-label={`Monter ${rowLabel(row)}`}
            disabled={index === 0}
            onClick={() => moveRow(index, index - 1, 'up')}
            ref={(element) => refocusMoveButton(element, row, 'up')}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={`Descendre ${rowLabel(row)}`}
            disabled={index === rows.length - 1}
            onClick={() => moveRow(index, index + 1, 'down')}
            ref={(element) => refocusMoveButton(element, row, 'down')}
          >
            ↓
          </Button>
        </span>
      ),
    },
    ...columns.map((column) => ({
      key: column.key,
      title: column.title,
      align: column.align,
      render: (_value: unknown, row: Row) => (column.render ? column.render(row) : cellValue(row, column.key)),
    })),
  ];

  return (
    <div className="bo-table">
      <Table<Row>
        aria-label={label}
        columns={antColumns}
        dataSource={rows}
        rowKey={rowKey}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={false}
        onRow={(_row, index = 0) => ({
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
        })}
        locale={{ emptyText: 'Aucune donnée' }}
      />
      <div className="bo-sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
