import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export type LoginLimits = { maxFailures: number; maxFailuresPerAddress: number; windowSeconds: number };

const pairKey = (trigram: string, ip: string) => `pair:${ip}:${trigram}`;
const addressKey = (ip: string) => `address:${ip}`;

// State that every API instance must share: failed logins, the generated token secret (sessions: sessions.ts).
export function createSecurityRepository(db: Db) {
  return {
    // Counts one login attempt against the address and trigram pair and against the address alone, atomically
    // (one upsert: parallel attempts on any instance queue on the rows), before the password is checked. Says
    // whether the attempt may be checked: both counts within their limits for the current window.
    async reserveLoginAttempt(trigram: string, ip: string, limits: LoginLimits): Promise<boolean> {
      const { rows } = await sql<{ key: string; attempts: number }>`
        insert into login_throttle as t (key, attempts, window_start)
        values (${pairKey(trigram, ip)}, 1, now()), (${addressKey(ip)}, 1, now())
        on conflict (key) do update set
          attempts = case when t.window_start <= now() - ${limits.windowSeconds} * interval '1 second' then 1 else t.attempts + 1 end,
          window_start = case when t.window_start <= now() - ${limits.windowSeconds} * interval '1 second' then now() else t.window_start end
        returning key, attempts`.execute(db);
      const count = (key: string) => rows.find((row) => row.key === key)?.attempts ?? 0;
      return count(pairKey(trigram, ip)) <= limits.maxFailures && count(addressKey(ip)) <= limits.maxFailuresPerAddress;
    },

    // A right password: the pair starts afresh and the attempt no longer counts against the address.
    async loginSucceeded(trigram: string, ip: string, limits: LoginLimits): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', pairKey(trigram, ip)).execute();
      await sql`update login_throttle set attempts = greatest(attempts - 1, 0) where key = ${addressKey(ip)}`.execute(
        db,
      );
      // Windows long past are worth nothing.
      await sql`delete from login_throttle where window_start < now() - ${2 * limits.windowSeconds} * interval '1 second'`.execute(
        db,
      );
    },

    // The first instance to start stores a random secret; the others (and later restarts) read the same one.
    async tokenSecret(): Promise<string> {
      await db
        .insertInto('app_setting')
        .values({ key: 'token_secret', value: randomBytes(48).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_setting')
        .select('value')
        .where('key', '=', 'token_secret')
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
