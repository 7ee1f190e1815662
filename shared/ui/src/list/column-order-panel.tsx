import { Button } from 'antd';
import { useId, useState } from 'react';
import type { ListColumn } from './list-types';

// The panel that puts a list's top-level columns in another order from the keyboard (dragging a header does it with
// the pointer), and back to the default one.

export function ColumnOrderPanel<Row>({
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
                <Button
                  size="small"
                  aria-label={`Déplacer ${titleOf(key)} vers la gauche`}
                  disabled={index === 0}
                  onClick={() => onMove(key, index - 1)}
                >
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
