import type { LiveChange, LiveTable } from '@bo/contracts';
import { hashKey, type Query, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { queryClient } from './query-client';

// Live changes on screen (docs/live-changes.md): each change the tab's stream (live.ts) hears invalidates the queries
// that show its table, so that an open agenda, list, panel or report loads it by itself; a list being read further
// down is not reloaded under the cursor but told how many changes wait.

// What a change of each table can alter on screen: the first element of the query keys that show it.
const shownBy: Record<LiveTable, readonly string[]> = {
  todo: ['todos', 'contacts', 'companies', 'team', 'reports'],
  contact: ['contacts', 'companies', 'todos', 'needsSheets', 'team', 'reports'],
  company: ['companies', 'contacts', 'todos', 'needsSheets', 'team', 'reports'],
  app_user: ['users', 'admin-users', 'team', 'contacts', 'companies', 'todos', 'needsSheets', 'reports'],
  task: ['tasks', 'task-types', 'todos', 'contacts', 'reports'],
  phrase: ['phrases'],
  needs_sheet: ['needsSheets', 'reports'],
  needs_sheet_status: ['needsSheetStatuses', 'needsSheets', 'reports'],
  needs_sheet_model: ['needsSheetModels'],
  notification: ['notifications'],
};
const everyRoot = new Set(Object.values(shownBy).flat());

// The queries that hold records of a table as the API gives them (`{ id, version }`): one record (a panel, a todo's
// dialog), a list of them (the agenda's month) or a page of them (`{ items }`). A change whose every record such a query
// already holds at that version (or newer) is already on screen, the tab's own save: it is not loaded again.
const recordQueries: Partial<Record<LiveTable, { root: string; kinds: readonly string[] }>> = {
  todo: { root: 'todos', kinds: ['list', 'detail'] },
  contact: { root: 'contacts', kinds: ['list', 'one'] },
  company: { root: 'companies', kinds: ['list', 'one'] },
  needs_sheet: { root: 'needsSheets', kinds: ['list', 'one'] },
};

type Versioned = { id: number; version: number };
const isVersioned = (value: unknown): value is Versioned =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Versioned).id === 'number' &&
  typeof (value as Versioned).version === 'number';

function heldRecords(data: unknown): Versioned[] | null {
  if (isVersioned(data)) return [data];
  const rows = Array.isArray(data) ? data : (data as { items?: unknown } | undefined)?.items;
  return Array.isArray(rows) ? rows.filter(isVersioned) : null;
}

// Whether queries under `root` show what the change changed: a change of derived data only (not `edited`) shows on the
// pages of its own table alone.
function showsChange(root: string, change: LiveChange): boolean {
  if (!change.edited) return root === (recordQueries[change.table]?.root ?? shownBy[change.table][0]);
  return shownBy[change.table].includes(root);
}

function alreadyShown(query: Query, change: LiveChange): boolean {
  const holder = recordQueries[change.table];
  if (change.records === null || change.op === 'delete' || holder === undefined) return false;
  if (query.queryKey[0] !== holder.root || !holder.kinds.includes(String(query.queryKey[1]))) return false;
  const held = heldRecords(query.state.data);
  if (held === null) return false;
  // One record: a change about others leaves it as it is.
  if (isVersioned(query.state.data)) {
    const written = change.records.find(([id]) => id === held[0].id);
    return written === undefined || (written[1] !== null && written[1] <= held[0].version);
  }
  return change.records.every(([id, version]) =>
    held.some((record) => record.id === id && version !== null && version <= record.version),
  );
}

// Queries being read (a list scrolled down): a change marks them stale and counts, the page offers to reload them.
type Hold = { held: () => boolean; pending: number; listeners: Set<() => void> };
const holds = new Map<string, Hold>();

function touch(query: Query) {
  const hold = holds.get(query.queryHash);
  if (hold?.held()) {
    hold.pending += 1;
    for (const listener of hold.listeners) listener();
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
}

// The changes of the last moment, applied together: an import's burst reloads a list once, not once per statement.
let waiting: Array<LiveChange | 'reset'> = [];
let flush: ReturnType<typeof setTimeout> | null = null;
const BATCH_MS = 50;

function apply(items: Array<LiveChange | 'reset'>) {
  for (const query of queryClient.getQueryCache().getAll()) {
    const root = query.queryKey[0];
    if (typeof root !== 'string' || !everyRoot.has(root)) continue;
    const touched = items.filter((item) => item === 'reset' || (showsChange(root, item) && !alreadyShown(query, item)));
    if (touched.length === 0) continue;
    const hold = holds.get(query.queryHash);
    if (hold?.held()) hold.pending += touched.length - 1;
    touch(query);
  }
}

export function receiveLive(item: LiveChange | 'reset') {
  waiting.push(item);
  flush ??= setTimeout(() => {
    flush = null;
    const items = waiting;
    waiting = [];
    apply(items);
  }, BATCH_MS);
}

// A list's rows, or any query the page wants kept while `held()` says the user is reading it. Answers how many
// changes wait, and the reload that applies them.
export function useLiveHold(queryKey: QueryKey, held: () => boolean): { pending: number; reload: () => void } {
  const hash = hashKey(queryKey);
  const heldNow = useRef(held);
  useEffect(() => {
    heldNow.current = held;
  });
  const subscribe = useCallback(
    (listener: () => void) => {
      const hold: Hold = holds.get(hash) ?? { held: () => heldNow.current(), pending: 0, listeners: new Set() };
      holds.set(hash, hold);
      hold.listeners.add(listener);
      return () => {
        hold.listeners.delete(listener);
        if (hold.listeners.size === 0) holds.delete(hash);
      };
    },
    [hash],
  );
  const pending = useSyncExternalStore(subscribe, () => holds.get(hash)?.pending ?? 0);
  const reload = useCallback(() => {
    const hold = holds.get(hash);
    if (hold) {
      hold.pending = 0;
      for (const listener of hold.listeners) listener();
    }
    // The key of the hash: the same key, whichever render's array it was.
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [hash]);
  return { pending, reload };
}
