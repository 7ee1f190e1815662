import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

// Which record a page's panel shows, kept in the address beside the list's state (`?company=12`, `?company=new`):
// a link opens the same record, back closes the panel, a reload keeps it open.
export type PanelTarget = number | 'new' | null;

export function readPanelParam(value: string | null): PanelTarget {
  if (value === 'new') return 'new';
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

// `extraKeys`: parameters that only make sense while the panel is open (a new subsidiary's parent), removed
// when it closes.
export function usePanelParam(name: string, extraKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const target = readPanelParam(params.get(name));
  const show = useCallback(
    (next: Exclude<PanelTarget, null>, extras: Record<string, string> = {}) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of extraKeys) updated.delete(key);
        updated.set(name, String(next));
        for (const [key, value] of Object.entries(extras)) updated.set(key, value);
        return updated;
      }),
    [name, extraKeys, setParams],
  );
  // After a creation the panel shows the new record in place of the empty form: no new history entry.
  const replace = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const key of extraKeys) updated.delete(key);
          updated.set(name, String(next));
          return updated;
        },
        { replace: true },
      ),
    [name, extraKeys, setParams],
  );
  const close = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of [name, ...extraKeys]) updated.delete(key);
        return updated;
      }),
    [name, extraKeys, setParams],
  );
  return { target, params, show, replace, close };
}

export type PanelParam = ReturnType<typeof usePanelParam>;
