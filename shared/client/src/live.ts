import {
  endpoints,
  LIVE_HEARTBEAT_MS,
  liveChangeSchema,
  livePresenceSchema,
  newRequestId,
  PRESENCE_REPEAT_MS,
  REQUEST_ID_HEADER,
  type LiveChange,
  type LivePresence,
  type LiveTable,
  type PresenceRecord,
} from '@bo/contracts';
import { hashKey, type Query, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { bearer, callEndpoint, readEnvelope } from './api';
import { getClientConfig } from './config';
import { ApiRequestError } from './errors';
import { queryClient } from './query-client';
import { session } from './session';
import { currentUserQueryOptions } from './user';

// Live changes (docs/live-changes.md): one event stream per tab (GET /events), opened by the shell once the user is
// in, shared by every remote through this singleton package. Each change invalidates the queries that show its
// table, so that an open agenda, list, panel or report loads it by itself; a list being read further down is not
// reloaded under the cursor but told how many changes wait.

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
};
const everyRoot = new Set(Object.values(shownBy).flat());

// A query holding one record of the changed table (a panel's contact, a todo's dialog), as [id, version]: left alone
// when the change is about other records, or when it already shows that version (the tab's own save).
const recordRoots: Partial<Record<LiveTable, string>> = {
  todo: 'todos',
  contact: 'contacts',
  company: 'companies',
  needs_sheet: 'needsSheets',
};

function shownRecord(query: Query): { id: number; version: number } | null {
  const data = query.state.data as { id?: unknown; version?: unknown } | undefined;
  return typeof data === 'object' && data !== null && typeof data.id === 'number' && typeof data.version === 'number'
    ? { id: data.id, version: data.version }
    : null;
}

function alreadyShown(query: Query, change: LiveChange): boolean {
  if (change.records === null || change.op === 'delete' || recordRoots[change.table] !== query.queryKey[0])
    return false;
  const record = shownRecord(query);
  if (record === null) return false;
  const written = change.records.find(([id]) => id === record.id);
  return written === undefined || (written[1] !== null && written[1] <= record.version);
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
    const touched = items.filter((item) =>
      item === 'reset' ? true : shownBy[item.table].includes(root) && !alreadyShown(query, item),
    );
    if (touched.length === 0) continue;
    const hold = holds.get(query.queryHash);
    if (hold?.held()) hold.pending += touched.length - 1;
    touch(query);
  }
}

function receive(item: LiveChange | 'reset') {
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

// The stream itself.

// Waits before opening the stream again: soon after an end the server asked for, longer after each failure.
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
// Refused for too many tabs open: tried again much later (the page works without it meanwhile).
const CROWDED_RETRY_MS = 60_000;

let running = false;
let controller: AbortController | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let lastEventId: string | null = null;
// Whether a stream was open before: one opened again without a place to resume from may have missed changes.
let opened = false;
const statusListeners = new Set<() => void>();
let connected = false;

// The stream's state on the page's root element (`data-live`: open or closed, `data-live-last-event`: the last
// change heard), where the browser tests and a support person in the developer tools read it.
function mark(name: 'live' | 'liveLastEvent', value: string) {
  if (typeof document !== 'undefined') document.documentElement.dataset[name] = value;
}

function setConnected(next: boolean) {
  mark('live', next ? 'open' : 'closed');
  if (connected === next) return;
  connected = next;
  for (const listener of statusListeners) listener();
}

function schedule(ms: number) {
  if (!running || retry !== null) return;
  retry = setTimeout(() => {
    retry = null;
    void connect();
  }, ms);
}

// One SSE frame: its fields, the `data` lines joined.
function readFrame(frame: string): { id?: string; event: string; data: string } | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 && id === undefined ? null : { id, event, data: data.join('\n') };
}

function handle(frame: { id?: string; event: string; data: string }) {
  if (frame.event === 'ready') {
    failures = 0;
    setConnected(true);
    if (opened && lastEventId === null) receive('reset');
    opened = true;
    // Who is where comes again after `ready`; this tab says again where it is.
    viewers.clear();
    tellViewers();
    announce();
  } else if (frame.event === 'presence') {
    const parsed = livePresenceSchema.safeParse(JSON.parse(frame.data));
    if (parsed.success) seen(parsed.data);
  } else if (frame.event === 'change') {
    const parsed = liveChangeSchema.safeParse(JSON.parse(frame.data));
    // A table this client does not know (a newer server): reload what is on screen rather than miss it.
    receive(parsed.success ? parsed.data : 'reset');
  } else if (frame.event === 'reset') {
    receive('reset');
  }
  if (frame.id !== undefined) {
    lastEventId = frame.id;
    if (frame.event === 'change') mark('liveLastEvent', frame.id);
  }
}

async function connect() {
  const token = session.getToken();
  if (!running || token === null) return;
  const abort = new AbortController();
  controller = abort;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  // Nothing heard, not even a heartbeat, for three beats: the connection is taken for cut.
  const kick = () => {
    if (watchdog !== null) clearTimeout(watchdog);
    watchdog = setTimeout(() => abort.abort(), LIVE_HEARTBEAT_MS * 3);
  };
  let next = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
  try {
    const headers: Record<string, string> = {
      Authorization: bearer(token),
      Accept: 'text/event-stream',
      [REQUEST_ID_HEADER]: newRequestId(),
    };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    kick();
    const response = await fetch(`${getClientConfig().apiUrl}/events?tab=${tab}`, {
      headers,
      signal: abort.signal,
      cache: 'no-store',
    });
    if (!response.ok || response.body === null) {
      if (response.status === 429) next = CROWDED_RETRY_MS;
      // A refusal comes as the envelope: a token that ended ends the session here as on any call.
      readEnvelope({ status: response.status, headers: {}, data: await response.json().catch(() => null) });
      failures += 1;
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      kick();
      buffered += value.replace(/\r\n?/g, '\n');
      let cut;
      while ((cut = buffered.indexOf('\n\n')) !== -1) {
        const frame = readFrame(buffered.slice(0, cut));
        buffered = buffered.slice(cut + 2);
        if (frame !== null) handle(frame);
      }
    }
    // The server ended the stream (the token expired, the instance stops): another, with the token of now.
    next = RETRY_MS[0];
  } catch (error) {
    if (!(error instanceof ApiRequestError)) failures += 1;
  } finally {
    if (watchdog !== null) clearTimeout(watchdog);
    if (controller === abort) controller = null;
    setConnected(false);
    schedule(next);
  }
}

function stop() {
  running = false;
  viewers.clear();
  tellViewers();
  controller?.abort();
  controller = null;
  if (retry !== null) clearTimeout(retry);
  retry = null;
  lastEventId = null;
  opened = false;
  failures = 0;
}

// Opens the tab's stream, once; it closes when the session ends. Called by the shell when the user is in.
export function startLiveChanges() {
  if (running || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return;
  running = true;
  void connect();
  if (!listeningToNetwork) {
    listeningToNetwork = true;
    // The browser knows the network is gone: the stream is dead, whatever its socket says. Back online, the stream
    // opens again at once and resumes where it stopped.
    window.addEventListener('offline', () => controller?.abort());
    window.addEventListener('online', () => {
      if (!running || retry === null) return;
      clearTimeout(retry);
      retry = null;
      failures = 0;
      void connect();
    });
  }
}
let listeningToNetwork = false;

session.subscribe(() => {
  if (session.getToken() === null) stop();
});

// Whether the tab's stream is open now (for the tests and a status the page may show).
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
  );
}

// Presence: who else has a record's panel open (« Julie Moreau consulte cette fiche »). This tab's id, and the
// record whose panel it shows.
const tab = Array.from(globalThis.crypto?.getRandomValues(new Uint8Array(12)) ?? [], (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
let panelRecord: PresenceRecord | null = null;
let repeat: ReturnType<typeof setInterval> | null = null;
const viewers = new Map<string, LivePresence>();
const viewerListeners = new Set<() => void>();
let viewersVersion = 0;

function tellViewers() {
  viewersVersion += 1;
  for (const listener of viewerListeners) listener();
}

function seen(presence: LivePresence) {
  if (presence.present) viewers.set(presence.tab, presence);
  else if (viewers.get(presence.tab)?.record === presence.record) viewers.delete(presence.tab);
  else return;
  tellViewers();
}

// Says where this tab is, once now and again every PRESENCE_REPEAT_MS while a panel shows a record. Failing, it stays
// quiet: presence is a courtesy, never in the way of the page.
function announce() {
  if (!running || !connected || tab === '') return;
  void callEndpoint(endpoints.setPresence, {
    params: panelRecord === null ? { tab } : { tab, record: panelRecord },
  }).catch(() => undefined);
}

function showRecord(record: PresenceRecord | null) {
  if (record === panelRecord) return;
  panelRecord = record;
  if (repeat !== null) clearInterval(repeat);
  repeat = record === null ? null : setInterval(announce, PRESENCE_REPEAT_MS);
  announce();
}

// For a record's panel: says this tab shows `record` (null: nothing) while mounted, and answers the names of the
// other users who show it too.
export function useRecordPresence(record: PresenceRecord | null): string[] {
  useEffect(() => {
    if (record === null) return;
    showRecord(record);
    return () => {
      if (panelRecord === record) showRecord(null);
    };
  }, [record]);
  useSyncExternalStore(
    (listener) => {
      viewerListeners.add(listener);
      return () => viewerListeners.delete(listener);
    },
    () => viewersVersion,
  );
  if (record === null) return [];
  const me = queryClient.getQueryData(currentUserQueryOptions().queryKey)?.id;
  const names = new Map<number, string>();
  for (const viewer of viewers.values())
    if (viewer.record === record && viewer.tab !== tab && viewer.userId !== me) names.set(viewer.userId, viewer.name);
  return [...names.values()].sort((a, b) => a.localeCompare(b, 'fr'));
}
