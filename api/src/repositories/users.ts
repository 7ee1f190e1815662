import { defaultLayoutSettings, layoutSettingsSchema, type LayoutSettings, type User } from '@bo/contracts';
import type { Db, NewUser, UserRow } from '../db/database';
import type { Actor } from '../domain/actor';
import { standbyVersion, todoListVersion, type DataVersions } from './data-version';
import { toPersonTitle } from './mapping';

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

export function createUserRepository(db: Db) {
  return {
    findByTrigram(trigram: string): Promise<UserRow | undefined> {
      return db.selectFrom('app_user').selectAll().where('trigram', '=', trigram.toUpperCase()).executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    },

    // What every authenticated request needs, in one round trip: the user, whether the session is revoked, and
    // the data versions now (for the answer cache).
    async authState(userId: number, sid: string): Promise<{ user: UserRow | undefined; revoked: boolean; versions: DataVersions }> {
      const row = await db
        .selectFrom('app_user')
        .selectAll()
        .select((eb) => eb.exists(eb.selectFrom('revoked_session').select('sid').where('sid', '=', sid)).as('revoked'))
        .select([
          standbyVersion().as('standby_version'),
          todoListVersion('self', userId).as('self_version'),
          todoListVersion('selfAndTeam', userId).as('team_version'),
          todoListVersion('all', userId).as('all_version'),
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (row === undefined) return { user: undefined, revoked: false, versions: { standby: '', todos: { self: '', selfAndTeam: '', all: '' } } };
      const { revoked, standby_version: standby, self_version: self, team_version: selfAndTeam, all_version: all, ...user } = row;
      // exists() is typed loosely by Kysely; PostgreSQL returns a boolean.
      return { user, revoked: revoked === true, versions: { standby, todos: { self, selfAndTeam, all } } };
    },

    async saveSettings(userId: number, changes: Partial<LayoutSettings>): Promise<UserRow> {
      const current = await db.selectFrom('app_user').select('settings').where('id', '=', userId).executeTakeFirstOrThrow();
      const merged = { ...storedSettingsSchema.parse(current.settings), ...changes };
      return db
        .updateTable('app_user')
        .set({ settings: JSON.stringify(merged), updated_at: new Date() })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
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
      await db.updateTable('app_user').set({ is_active: isActive, updated_at: new Date() }).where('id', '=', userId).execute();
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
