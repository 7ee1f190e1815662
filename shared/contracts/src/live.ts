import { z } from 'zod';

// Live changes (docs/live-changes.md): what the API tells an open page over its event stream (`GET /events`,
// Server-Sent Events) when a write it may see commits, whoever made it.

// The tables a change names: what the pages show.
export const liveTables = [
  'app_user',
  'company',
  'contact',
  'task',
  'phrase',
  'needs_sheet',
  'needs_sheet_status',
  'needs_sheet_model',
  'todo',
  // The connected user's own notifications (docs/notifications.md): told to them alone.
  'notification',
] as const;
export type LiveTable = (typeof liveTables)[number];

export const liveOps = ['insert', 'update', 'delete', 'truncate'] as const;

// One committed statement: its table, what it did, and the records it wrote as [id, version] (version null where the
// table keeps none, or for a deleted record), or null when it wrote too many to list (the page reloads the table's
// data).
export const liveChangeSchema = z.object({
  table: z.enum(liveTables),
  op: z.enum(liveOps),
  records: z.array(z.tuple([z.number().int(), z.number().int().nullable()])).nullable(),
  // False: nothing a person edits changed, only what the database derives from other records (a contact's next
  // deadline; its version did not move): only the pages of that table show it.
  edited: z.boolean(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

// The stream's events, by their SSE `event:` name:
// - `ready`: the stream is open; its id is where a resume starts from;
// - `change`: a LiveChange (data), with the id to resume after it;
// - `reset`: changes may have been missed (a resume from too far, the database's notifications cut): reload what is on
//   screen;
// - `end`: the server ends the stream (data: `{ reason }`), the session having ended or the token expired; a client
//   opens a new one with its current token, or is refused as any call would be.
// - `presence`: a LivePresence (below), on opening for everyone present, then as tabs come and go.
export type LiveEndReason = 'session' | 'expired' | 'stopping';

// A comment line the server sends at least this often; a client hearing nothing for three times as long takes the
// stream for cut and opens another.
export const LIVE_HEARTBEAT_MS = 15_000;

// Presence: who else has a record's panel open. A record as presence names it.
export const presenceRecordPattern = /^(contact|company|needsSheet):\d{1,10}$/;
export type PresenceRecord = `${'contact' | 'company' | 'needsSheet'}:${number}`;
// A tab repeats where it is this often; one not heard from for PRESENCE_TTL_MS is taken for gone.
export const PRESENCE_REPEAT_MS = 15_000;
export const PRESENCE_TTL_MS = 40_000;

// A tab's id: random, made by the tab, sent with its stream and its presence.
export const liveTabSchema = z.string().regex(/^[\w-]{8,64}$/);

// The stream's `presence` event: a user's tab shows a record's panel (present) or no longer does.
export const livePresenceSchema = z.object({
  tab: z.string(),
  userId: z.number().int(),
  name: z.string(),
  record: z.string(),
  present: z.boolean(),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

// POST /events/presence: the record this tab shows, or none.
export const presencePayloadSchema = z.object({
  tab: liveTabSchema,
  record: z.string().regex(presenceRecordPattern).optional(),
});

export const liveStreamQuerySchema = z.object({ tab: liveTabSchema.optional() });

// How a panel says who else has it open: « Julie Moreau consulte cette fiche ».
export function presenceText(names: readonly string[]): string {
  if (names.length === 1) return `${names[0]} consulte cette fiche`;
  return `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]} consultent cette fiche`;
}
