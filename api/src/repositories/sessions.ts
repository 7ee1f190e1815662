import type { UserSession } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import { describeDevice } from '../domain/device';

// A session's last sighting is written at most this often: the auth query reads it with the user, and only a
// session not seen for this long costs a write.
export const LAST_SEEN_PRECISION_MS = 60_000;

// Every session of a user ends (log out everywhere, a deactivation, a password set by an admin). The auth hook
// also refuses any token issued before `app_user.sessions_valid_after`, set in the same transaction.
// keepSid: the one session that stays open (the user's own password change, made from it).
export async function endUserSessions(executor: Executor, userId: number, now: Date, keepSid?: string): Promise<void> {
  const open = executor
    .updateTable('user_session')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  await (keepSid === undefined ? open : open.where('sid', '<>', keepSid)).execute();
}

// The sessions of the users (one row per sid, which every token of the session carries). A token is valid only
// while its session is open; the auth query reads the row with the user (users.authState), on every instance.
// A session unseen for longer than a token lives (plus the last-seen precision) has no valid token left.
const deadBefore = (tokenTtlSeconds: number) => new Date(Date.now() - tokenTtlSeconds * 1000 - LAST_SEEN_PRECISION_MS);

export function createSessionRepository(db: Db) {
  return {
    async open(userId: number, sid: string, userAgent: string, tokenTtlSeconds: number): Promise<void> {
      await db
        .insertInto('user_session')
        .values({ sid, user_id: userId, user_agent: userAgent.slice(0, 512) })
        .execute();
      // The user's sessions that can no longer be used are worth nothing.
      await db
        .deleteFrom('user_session')
        .where('user_id', '=', userId)
        .where('last_seen_at', '<', deadBefore(tokenTtlSeconds))
        .execute();
    },

    async touch(id: number): Promise<void> {
      await db.updateTable('user_session').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
    },

    // Ends one session of the user: its sid, or undefined when they have no such open session.
    async end(userId: number, id: number): Promise<string | undefined> {
      const ended = await db
        .updateTable('user_session')
        .set({ ended_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .returning('sid')
        .executeTakeFirst();
      return ended?.sid;
    },

    async endBySid(sid: string): Promise<void> {
      await db
        .updateTable('user_session')
        .set({ ended_at: new Date() })
        .where('sid', '=', sid)
        .where('ended_at', 'is', null)
        .execute();
    },

    // The user's open sessions, most recently seen first.
    async list(userId: number, currentSid: string, tokenTtlSeconds: number): Promise<UserSession[]> {
      const rows = await db
        .selectFrom('user_session')
        .select(['id', 'sid', 'user_agent', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('last_seen_at', '>=', deadBefore(tokenTtlSeconds))
        .orderBy(sql`sid = ${currentSid}`, 'desc')
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.user_agent),
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        current: row.sid === currentSid,
      }));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
