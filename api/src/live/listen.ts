import pg from 'pg';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { pgliteOf, poolOf } from '../db/engine';

// How long to wait before connecting again after the listening connection to PostgreSQL is lost, doubled at each
// failure up to the last.
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

// Calls onPayload with each notification of `channel`, in the order their transactions committed. On PostgreSQL a
// connection of its own listens (a pooled one would stop hearing when handed to a request); when it is lost it
// connects again by itself, then calls onGap: notifications sent meanwhile are missed. On PGlite, the database in
// this process tells its listeners itself.
export function listenTo(
  db: Db,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
): { stop: () => Promise<void> } {
  const pglite = pgliteOf(db);
  if (pglite !== undefined) {
    const listening = pglite.listen(channel, onPayload);
    // A database closed first (its owner stops) has no listener left to remove.
    return { stop: () => listening.then((unlisten) => unlisten()).catch(() => undefined) };
  }
  const pool = poolOf(db);
  if (pool === undefined) throw new Error('listenTo: a database handle of neither engine');
  const { connectionString } = pool.options;
  let stopped = false;
  let client: pg.Client | null = null;
  let failures = 0;
  let heard = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (stopped || retry !== null) return;
    retry = setTimeout(
      () => {
        retry = null;
        void connect();
      },
      RETRY_MS[Math.min(failures, RETRY_MS.length - 1)],
    );
    failures += 1;
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    failures = 0;
    // Listening again after a loss: what was sent in between was heard by no one here.
    if (heard) onGap();
    heard = true;
  };
  void connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

// A notification's JSON payload read against its schema; null when it is not one this instance reads (sent by a newer
// or older instance).
export function readNotification<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
