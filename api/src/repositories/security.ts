import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// State that every API instance must share: revoked sessions, failed logins, the generated token secret.
export function createSecurityRepository(db: Db) {
  return {
    async revokeSession(sid: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('revoked_session')
        .values({ sid, expires_at: expiresAt })
        .onConflict((oc) => oc.column('sid').doUpdateSet({ expires_at: expiresAt }))
        .execute();
      // A revoked sid is useless once every token carrying it has expired.
      await db.deleteFrom('revoked_session').where('expires_at', '<', new Date()).execute();
    },

    async recentFailures(trigram: string, ip: string, windowSeconds: number): Promise<number> {
      const row = await db
        .selectFrom('login_attempt')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('trigram', '=', trigram)
        .where('ip', '=', ip)
        .where('created_at', '>', new Date(Date.now() - windowSeconds * 1000))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async recordFailure(trigram: string, ip: string, windowSeconds: number): Promise<void> {
      await db.insertInto('login_attempt').values({ trigram, ip }).execute();
      await db
        .deleteFrom('login_attempt')
        .where('trigram', '=', trigram)
        .where('ip', '=', ip)
        .where('created_at', '<=', new Date(Date.now() - windowSeconds * 1000))
        .execute();
    },

    async clearFailures(trigram: string, ip: string): Promise<void> {
      await db.deleteFrom('login_attempt').where('trigram', '=', trigram).where('ip', '=', ip).execute();
    },

    // The first instance to start stores a random secret; the others (and later restarts) read the same one.
    async tokenSecret(): Promise<string> {
      await db
        .insertInto('app_setting')
        .values({ key: 'token_secret', value: randomBytes(48).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db.selectFrom('app_setting').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
