import { defaultLayoutSettings, layoutSettingsSchema, type LayoutSettings, type User } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import { AppError } from '../errors';
import { diff, type HistoryRepository } from './history';
import type { Db, NewUser, UserRow } from '../db/database';
import type { Actor } from '../domain/actor';
import { prepared } from '../db/prepared';
import { toPersonTitle } from './mapping';
import { endUserSessions } from './sessions';

// The token's session as the auth hook needs it.
export type AuthSession = { id: number; lastSeenAt: Date; ended: boolean };

const storedSettingsSchema = layoutSettingsSchema.partial().catch({});

// Stored settings hold only what the user changed; defaults fill the rest (and survive new settings).
export function toLayoutSettings(stored: unknown): LayoutSettings {
  return { ...defaultLayoutSettings, ...storedSettingsSchema.parse(stored) };
}

// The one place an app_user row becomes the contract's User.
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    trigram: row.trigram,
    firstName: row.first_name,
    lastName: row.last_name,
    title: toPersonTitle(row.title),
    email: row.email,
    phone: row.phone,
    role: {
      admin: row.is_admin,
      businessLeader: row.is_business_leader,
      businessTeam: row.is_business_team,
      recruitmentTeam: row.is_recruitment_team,
    },
    leaderId: row.leader_id,
    isActive: row.is_active,
    settings: toLayoutSettings(row.settings),
  };
}

export function toActor(row: UserRow): Actor {
  return { id: row.id, role: toUserDto(row).role, leaderId: row.leader_id };
}

export function createUserRepository(db: Db, history: HistoryRepository) {
  return {
    findByTrigram(trigram: string): Promise<UserRow | undefined> {
      return db.selectFrom('app_user').selectAll().where('trigram', '=', trigram.toUpperCase()).executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    },

    // What every authenticated request needs, in one round trip: the user and the token's session (absent or ended:
    // the token is refused).
    async authState(userId: number, sid: string): Promise<{ user: UserRow | undefined; session: AuthSession | null }> {
      const row = await prepared(
        'auth_state',
        db
          .selectFrom('app_user')
          .leftJoin('user_session as s', (join) => join.onRef('s.user_id', '=', 'app_user.id').on('s.sid', '=', sid))
          .selectAll('app_user')
          .select(['s.id as session_id', 's.last_seen_at as session_last_seen_at', 's.ended_at as session_ended_at'])
          .where('app_user.id', '=', userId),
      ).executeTakeFirst();
      if (row === undefined) return { user: undefined, session: null };
      const { session_id: id, session_last_seen_at: lastSeenAt, session_ended_at: endedAt, ...user } = row;
      const session = id === null || lastSeenAt === null ? null : { id, lastSeenAt, ended: endedAt !== null };
      return { user, session };
    },

    // The same for many sessions in one query (the event streams' heartbeat): keyed by `${userId}:${sid}`; a pair
    // whose user is gone is missing.
    async authStates(
      pairs: ReadonlyArray<{ userId: number; sid: string }>,
    ): Promise<Map<string, { user: UserRow | undefined; session: AuthSession | null }>> {
      const states = new Map<string, { user: UserRow | undefined; session: AuthSession | null }>();
      if (pairs.length === 0) return states;
      const { rows } = await sql<
        UserRow & {
          key_sid: string;
          session_id: number | null;
          session_last_seen_at: Date | null;
          session_ended_at: Date | null;
        }
      >`
        select u.*, k.sid as key_sid, s.id as session_id, s.last_seen_at as session_last_seen_at,
          s.ended_at as session_ended_at
        from unnest(${pairs.map((pair) => pair.userId)}::integer[], ${pairs.map((pair) => pair.sid)}::text[]) as k (user_id, sid)
        join app_user u on u.id = k.user_id
        left join user_session s on s.user_id = k.user_id and s.sid = k.sid`.execute(db);
      for (const row of rows) {
        const {
          key_sid: sid,
          session_id: id,
          session_last_seen_at: lastSeenAt,
          session_ended_at: endedAt,
          ...user
        } = row;
        const session = id === null || lastSeenAt === null ? null : { id, lastSeenAt, ended: endedAt !== null };
        states.set(`${user.id}:${sid}`, { user, session });
      }
      return states;
    },

    async saveSettings(userId: number, changes: Partial<LayoutSettings>): Promise<UserRow> {
      const current = await db
        .selectFrom('app_user')
        .select('settings')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const merged = { ...storedSettingsSchema.parse(current.settings), ...changes };
      return db
        .updateTable('app_user')
        .set({ settings: JSON.stringify(merged), updated_at: new Date() })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    // The user's own profile (/mon-compte); the email stays unique, case ignored.
    async saveProfile(
      userId: number,
      changes: { firstName: string; lastName: string; email: string; phone: string | null },
    ): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        const same = await trx
          .selectFrom('app_user')
          .select('id')
          .where(sql<SqlBool>`lower(email) = lower(${changes.email})`)
          .where('id', '<>', userId)
          .execute();
        if (same.length > 0) throw new AppError('existingEmail', { field: 'email' });
        const before = await trx
          .selectFrom('app_user')
          .selectAll()
          .where('id', '=', userId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const after = await trx
          .updateTable('app_user')
          .set({
            first_name: changes.firstName,
            last_name: changes.lastName,
            email: changes.email,
            phone: changes.phone,
            updated_at: new Date(),
          })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        const pick = (row: UserRow) => ({
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          phone: row.phone,
        });
        const changed = diff(pick(before), pick(after));
        if (Object.keys(changed).length > 0)
          await history.record(trx, { entity: 'user', entityId: userId, action: 'update', changes: changed, userId });
        return after;
      });
    },

    // The user's own new password: every other session of theirs ends with it, on every instance. The session that
    // made the change stays open, so its tokens (the one in this answer included) keep working; the revocation
    // instant is not moved, it would refuse them too.
    async setPassword(userId: number, passwordHash: string, currentSid: string): Promise<void> {
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', userId)
          .execute();
        await endUserSessions(trx, userId, now, currentSid);
        await history.record(trx, {
          entity: 'user',
          entityId: userId,
          action: 'update',
          changes: { password: { from: null, to: 'changed' } },
          userId,
        });
      });
    },

    // Every token of the user issued until now is refused, on every instance ("log out everywhere").
    async endSessions(userId: number): Promise<void> {
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('app_user').set({ sessions_valid_after: now }).where('id', '=', userId).execute();
        await endUserSessions(trx, userId, now);
      });
    },

    async recordLogin(userId: number): Promise<void> {
      const now = new Date();
      await db
        .insertInto('user_login')
        .values({ user_id: userId, last_login_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_login_at: now }))
        .execute();
    },

    async create(user: NewUser): Promise<UserRow> {
      return db.insertInto('app_user').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async setActive(userId: number, isActive: boolean): Promise<void> {
      await db
        .updateTable('app_user')
        .set({ is_active: isActive, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    // The team around a user for the standby lists: users with the same leader, that leader, and the users
    // they lead themselves; never the user.
    async teamIds(actor: Actor): Promise<number[]> {
      const rows = await db
        .selectFrom('app_user')
        .select('id')
        .where('id', '<>', actor.id)
        .where((eb) => {
          const ors = [eb('leader_id', '=', actor.id)];
          if (actor.leaderId !== null) ors.push(eb('leader_id', '=', actor.leaderId), eb('id', '=', actor.leaderId));
          return eb.or(ors);
        })
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
