import { useMemo, useState } from 'react';

// The order of a table's columns, remembered in localStorage under a key of the page's choosing. Keys that
// no longer exist are dropped and new columns are appended, so a stored order survives a column change.
export function reconcileOrder(stored: readonly string[] | null, keys: readonly string[]): string[] {
  const known = (stored ?? []).filter((key, index, all) => keys.includes(key) && all.indexOf(key) === index);
  return [...known, ...keys.filter((key) => !known.includes(key))];
}

function readStoredOrder(storageKey: string | undefined): string[] | null {
  if (!storageKey || typeof window === 'undefined') return null;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null');
    return Array.isArray(parsed) && parsed.every((key) => typeof key === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function useColumnOrder(storageKey: string | undefined, keys: readonly string[]) {
  const [stored, setStored] = useState<string[] | null>(() => readStoredOrder(storageKey));
  // The same array while the stored order and the keys stay the same: what is built from it can be kept.
  const keyList = keys.join('\u0000');
  const order = useMemo(() => reconcileOrder(stored, keyList === '' ? [] : keyList.split('\u0000')), [stored, keyList]);

  function save(next: string[] | null) {
    setStored(next);
    if (!storageKey) return;
    if (next) window.localStorage.setItem(storageKey, JSON.stringify(next));
    else window.localStorage.removeItem(storageKey);
  }

  return {
    order,
    move(key: string, toIndex: number) {
      save(moveItem(order, order.indexOf(key), toIndex));
    },
    reset() {
      save(null);
    },
    isDefault: order.every((key, index) => key === keys[index]),
  };
}
