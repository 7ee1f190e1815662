import { randomBytes } from 'node:crypto';
import { liveOps, liveTables, type LiveChange, type LivePresence } from '@bo/contracts/all';
import { z } from 'zod';
import { canManageTodosOf, type Actor } from '../domain/actor';
import { readNotification } from './listen';

// The changes this instance heard (migration 0036's notifications), kept a while so that a stream cut by the
// network resumes where it stopped, and handed to every open stream allowed to see them.

// A notification as the database sends it (migration 0036).
const noticeSchema = z.object({
  e: z.number().int(),
  t: z.enum(liveTables),
  op: z.enum(['i', 'u', 'd', 't']),
  n: z.number().int().nullable(),
  r: z.array(z.tuple([z.number().int(), z.number().int().nullable()])).nullable(),
  o: z.number().int().nullable(),
  l: z.number().int().nullable(),
  ed: z.boolean(),
});

const opNames = { i: 'insert', u: 'update', d: 'delete', t: 'truncate' } as const satisfies Record<
  string,
  (typeof liveOps)[number]
>;

export type Notice = {
  id: string;
  change: LiveChange;
  // A todo's owner and their leader: only they and the admins see it. Null for every other table, and for a todo
  // truncate, which names no todo.
  owner: { id: number; leaderId: number | null } | null;
  // A notification's recipient, who alone sees it (docs/notifications.md).
  recipient?: number;
};

// Whether a change may reach a user: everyone reads the shared tables; a todo goes only to those who see its owner's
// todos (docs/permissions.md), the same rule as the calendar's; a notification only to its recipient.
export function mayWatch(actor: Actor, notice: Notice): boolean {
  if (notice.change.table === 'notification') return notice.recipient === actor.id;
  return notice.owner === null || canManageTodosOf(actor, notice.owner);
}

export type LiveStream = {
  userId: number;
  // The user as the rules see them now (their roles and leader are read again while the stream lasts).
  actor: () => Actor;
  change: (notice: Notice) => void;
  // Changes may have been missed: the page reloads what it shows.
  reset: () => void;
  // A tab came to a record's panel or left it (everyone may know who reads what: every role reads these records).
  presence: (presence: LivePresence) => void;
};

export type LiveHub = ReturnType<typeof createLiveHub>;

export function createLiveHub(options: { keep: number; perUser: number; log?: (message: string) => void }) {
  const recent: Notice[] = [];
  // Where a stream opened before this instance heard anything resumes from: everything kept, as long as nothing
  // was dropped from the start of the list (or lost in a gap).
  const startId = `start-${randomBytes(6).toString('base64url')}`;
  let complete = true;
  const streams = new Set<LiveStream>();
  const perUser = new Map<number, number>();

  return {
    receive(payload: string) {
      const parsed = readNotification(noticeSchema, payload);
      if (parsed === null) {
        options.log?.(`live: a notification this instance does not read: ${payload.slice(0, 200)}`);
        return;
      }
      const { e, t, op, r, o, l, ed } = parsed;
      const notice: Notice = {
        id: String(e),
        change: { table: t, op: opNames[op], records: op === 't' ? null : r, edited: ed },
        owner: t === 'todo' && o !== null ? { id: o, leaderId: l } : null,
        ...(t === 'notification' && o !== null ? { recipient: o } : {}),
      };
      recent.push(notice);
      if (recent.length > options.keep) {
        recent.splice(0, recent.length - options.keep);
        complete = false;
      }
      for (const stream of streams) if (mayWatch(stream.actor(), notice)) stream.change(notice);
    },
    presence(presence: LivePresence) {
      for (const stream of streams) stream.presence(presence);
    },
    // Notifications were missed (the listening connection was lost): no resume can start before now.
    gap() {
      recent.length = 0;
      complete = false;
      for (const stream of streams) stream.reset();
    },
    // The id a new stream starts from: the last change heard, or this instance's start.
    latestId(): string {
      return recent.at(-1)?.id ?? startId;
    },
    // The changes after `lastId` a user may see, or null when they cannot be known (heard by another instance, too
    // long ago, or lost in a gap).
    since(lastId: string, actor: Actor): Notice[] | null {
      const index = lastId === startId && complete ? -1 : recent.findIndex((notice) => notice.id === lastId);
      if (index === -1 && lastId !== startId) return null;
      if (lastId === startId && !complete) return null;
      return recent.slice(index + 1).filter((notice) => mayWatch(actor, notice));
    },
    // False when the user already has as many streams open on this instance as allowed.
    add(stream: LiveStream): boolean {
      const open = perUser.get(stream.userId) ?? 0;
      if (open >= options.perUser) return false;
      perUser.set(stream.userId, open + 1);
      streams.add(stream);
      return true;
    },
    remove(stream: LiveStream) {
      if (!streams.delete(stream)) return;
      const open = (perUser.get(stream.userId) ?? 1) - 1;
      if (open === 0) perUser.delete(stream.userId);
      else perUser.set(stream.userId, open);
    },
    size(): number {
      return streams.size;
    },
  };
}
