import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = { key: string; label: ReactNode; children?: ReactNode };

export type TabsProps = {
  items: readonly TabItem[];
  // Controlled (the page keeps the tab in its address) or not (the first tab, then the user's choice).
  activeKey?: string;
  onChange?: (key: string) => void;
  label?: string;
};

// Tabs as the WAI-ARIA pattern has them: a tablist, arrows (and Home, End) move between tabs and show them, the
// panel follows. The kit's own rather than antd's: every page shares the app's antd, and this keeps the tabs of
// the record panels out of what the agenda downloads.
export function Tabs({ items, activeKey, onChange, label }: TabsProps) {
  const baseId = `bo-tabs-${useId().replace(/:/g, '')}`;
  const [ownKey, setOwnKey] = useState(items[0]?.key);
  const current = items.find((item) => item.key === (activeKey ?? ownKey)) ?? items[0];
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // A panel is drawn when first shown and kept afterwards (hidden): a form keeps what was typed in it, and a
  // section loads its data only when the user opens it.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(current ? [current.key] : []));
  if (current && !visited.has(current.key)) setVisited(new Set([...visited, current.key]));

  function select(key: string, focus = false) {
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
    if (focus) buttons.current.get(key)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.key === current?.key);
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    select(items[target].key, true);
  }

  return (
    <div className="bo-tabs">
      <div role="tablist" aria-label={label} className="bo-tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === current?.key;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) buttons.current.set(item.key, element);
                else buttons.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              // Only a panel that exists: tabs used as a switch over content below them have none.
              aria-controls={
                item.children !== undefined && visited.has(item.key) ? `${baseId}-panel-${item.key}` : undefined
              }
              tabIndex={selected ? 0 : -1}
              className={`bo-tabs__tab${selected ? ' bo-tabs__tab--active' : ''}`}
              onClick={() => select(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map(
        (item) =>
          item.children !== undefined &&
          visited.has(item.key) && (
            <div
              key={item.key}
              role="tabpanel"
              id={`${baseId}-panel-${item.key}`}
              aria-labelledby={`${baseId}-tab-${item.key}`}
              className="bo-tabs__panel"
              hidden={item.key !== current?.key}
              tabIndex={0}
            >
              {item.children}
            </div>
          ),
      )}
    </div>
  );
}
