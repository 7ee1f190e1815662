import { PRESENCE_TTL_MS, type LivePresence } from '@bo/contracts/all';
import { z } from 'zod';
import { readNotification } from './listen';

// Who has which record's panel open (docs/live-changes.md, "Presence"): each tab says so through its instance, which
// notifies every instance (the channel `bo_presence`); each instance keeps the whole picture and tells its open
// streams. A tab that stops saying so (closed without a word, its instance gone) is forgotten after PRESENCE_TTL_MS.

const noticeSchema = z.object({
  tab: z.string().min(1).max(64),
  userId: z.number().int(),
  name: z.string().max(200),
  // null: the tab has no record open any more.
  record: z.string().max(64).nullable(),
});
export type PresenceNotice = z.infer<typeof noticeSchema>;

type Entry = { userId: number; name: string; record: string; seenAt: number };

export function createPresence(options: { tell: (presence: LivePresence) => void; now?: () => number }) {
  const now = options.now ?? Date.now;
  // By tab: one record at a time, the panel it shows.
  const tabs = new Map<string, Entry>();
  const gone = (tab: string, entry: Entry) =>
    options.tell({ tab, userId: entry.userId, name: entry.name, record: entry.record, present: false });

  return {
    receive(payload: string) {
      const parsed = readNotification(noticeSchema, payload);
      if (parsed === null) return;
      const { tab, userId, name, record } = parsed;
      const before = tabs.get(tab);
      if (before !== undefined && before.userId !== userId) return;
      if (before !== undefined && before.record !== record) gone(tab, before);
      if (record === null) {
        tabs.delete(tab);
        return;
      }
      tabs.set(tab, { userId, name, record, seenAt: now() });
      if (before?.record !== record) options.tell({ tab, userId, name, record, present: true });
    },
    // Forgets the tabs not heard from for too long.
    sweep() {
      const oldest = now() - PRESENCE_TTL_MS;
      for (const [tab, entry] of tabs) {
        if (entry.seenAt >= oldest) continue;
        tabs.delete(tab);
        gone(tab, entry);
      }
    },
    // Everyone present now, for a stream that opens.
    all(): LivePresence[] {
      return [...tabs].map(([tab, entry]) => ({
        tab,
        userId: entry.userId,
        name: entry.name,
        record: entry.record,
        present: true,
      }));
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
