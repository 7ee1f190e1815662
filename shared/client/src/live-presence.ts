import { endpoints, PRESENCE_REPEAT_MS, type LivePresence, type PresenceRecord } from '@bo/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { callEndpoint } from './api';
import { queryClient } from './query-client';
import { currentUserQueryOptions } from './user';

// Presence: who else has a record's panel open (« Julie Moreau consulte cette fiche »). This tab's id, and the
// record whose panel it shows.
export const liveTab = Array.from(globalThis.crypto?.getRandomValues(new Uint8Array(12)) ?? [], (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
let panelRecord: PresenceRecord | null = null;
let repeat: ReturnType<typeof setInterval> | null = null;
const viewers = new Map<string, LivePresence>();
const viewerListeners = new Set<() => void>();
let viewersVersion = 0;
let streamOpen = false;

function tellViewers() {
  viewersVersion += 1;
  for (const listener of viewerListeners) listener();
}

// The tab's stream is open (its `ready` came): who is where comes again after it, and this tab says where it is.
export function presenceStreamOpened() {
  streamOpen = true;
  viewers.clear();
  tellViewers();
  announce();
}

// The stream is closed, or the session ended: nobody is known to be anywhere.
export function presenceStreamClosed(forget: boolean) {
  streamOpen = false;
  if (!forget) return;
  viewers.clear();
  tellViewers();
}

export function seenPresence(presence: LivePresence) {
  if (presence.present) viewers.set(presence.tab, presence);
  else if (viewers.get(presence.tab)?.record === presence.record) viewers.delete(presence.tab);
  else return;
  tellViewers();
}

// Says where this tab is, once now and again every PRESENCE_REPEAT_MS while a panel shows a record. Failing, it stays
// quiet: presence is a courtesy, never in the way of the page.
// One announcement after the other, in the order they were made: a panel closed then another opened must not
// reach the server the other way round.
let sending: Promise<unknown> = Promise.resolve();
// What the server was last told (null: nothing, or no record).
let told: PresenceRecord | null = null;

function announce() {
  if (!streamOpen || liveTab === '') return;
  // Nothing shown, and nothing said before: nothing to take back.
  if (panelRecord === null && told === null) return;
  const record = panelRecord;
  told = record;
  sending = sending
    .then(() =>
      callEndpoint(endpoints.setPresence, {
        params: record === null ? { tab: liveTab } : { tab: liveTab, record },
      }),
    )
    .catch(() => undefined);
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
    if (viewer.record === record && viewer.tab !== liveTab && viewer.userId !== me)
      names.set(viewer.userId, viewer.name);
  return [...names.values()].sort((a, b) => a.localeCompare(b, 'fr'));
}
