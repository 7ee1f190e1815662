import type { AdminUser, ErrorCode, UserChanges } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Db, Executor, UserRow } from '../db/database';
import { AppError } from '../errors';
import { diff, type HistoryRepository } from './history';
import { onUniqueViolation } from './mapping';
import { endUserSessions } from './sessions';
import { toUserDto } from './users';

type AdminUserRow = UserRow & {
  last_login_at: Date | null;
  contact_count: number | string;
  team_member_count: number | string;
};

function toAdminUser(row: AdminUserRow): AdminUser {
  const { settings: _settings, ...user } = toUserDto(row);
  return {
    ...user,
    lastLoginAt: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
    contactCount: Number(row.contact_count),
    teamMemberCount: Number(row.team_member_count),
  };
}

const toColumns = (changes: UserChanges) => ({
  trigram: changes.trigram,
  title: changes.title,
  first_name: changes.firstName,
  last_name: changes.lastName,
  email: changes.email,
  phone: changes.phone,
  is_admin: changes.role.admin,
  is_business_leader: changes.role.businessLeader,
  is_business_team: changes.role.businessTeam,
  is_recruitment_team: changes.role.recruitmentTeam,
  leader_id: changes.leaderId,
  is_active: changes.isActive,
});

// What a history entry compares: the wire fields, never the password (only that it changed).
const flat = (row: UserRow) => {
  const { settings: _settings, role, ...user } = toUserDto(row);
  return { ...user, ...role };
};

const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  app_user_trigram_key: { code: 'existingTrigram', field: 'trigram' },
  app_user_email_key: { code: 'existingEmail', field: 'email' },
};

export type Actor = { id: number };

// The admin's users and teams (/liste-utilisateurs). Every change is in the history, with the admin who made it.
export function createAdminUserRepository(db: Db, history: HistoryRepository) {
  const withCounts = (executor: Executor) =>
    executor
      .selectFrom('app_user as u')
      .leftJoin('user_login as l', 'l.user_id', 'u.id')
      .selectAll('u')
      .select('l.last_login_at')
      .select((eb) => [
        eb
          .selectFrom('contact')
          .select(eb.fn.countAll().as('n'))
          .whereRef('contact.owner_id', '=', 'u.id')
          .where('contact.merged_into_id', 'is', null)
          .as('contact_count'),
        eb
          .selectFrom('app_user as m')
          .select(eb.fn.countAll().as('n'))
          .whereRef('m.leader_id', '=', 'u.id')
          .where('m.is_active', '=', true)
          .as('team_member_count'),
      ]);

  async function readOne(executor: Executor, id: number): Promise<AdminUser> {
    const row = await withCounts(executor).where('u.id', '=', id).executeTakeFirstOrThrow();
    return toAdminUser(row as AdminUserRow);
  }

  // Trigram and email are unique (email case ignored): said under their field before the write is tried.
  async function refuseDuplicates(executor: Executor, changes: UserChanges, id: number | null) {
    const same = await executor
      .selectFrom('app_user')
      .select(['id', 'trigram'])
      .where((eb) => eb.or([eb('trigram', '=', changes.trigram), sql<SqlBool>`lower(email) = lower(${changes.email})`]))
      .execute();
    const others = same.filter((row) => row.id !== id);
    if (others.some((row) => row.trigram === changes.trigram))
      throw new AppError('existingTrigram', { field: 'trigram' });
    if (others.length > 0) throw new AppError('existingEmail', { field: 'email' });
  }

  // A team's leader is an active business leader, never the user themselves.
  async function refuseBadLeader(executor: Executor, leaderId: number | null, id: number | null) {
    if (leaderId === null) return;
    if (leaderId === id) throw new AppError('dataInvalid', { field: 'leaderId' });
    const leader = await executor
      .selectFrom('app_user')
      .select(['is_active', 'is_business_leader'])
      .where('id', '=', leaderId)
      .executeTakeFirst();
    if (leader === undefined || !leader.is_active || !leader.is_business_leader)
      throw new AppError('dataInvalid', { field: 'leaderId' });
  }

  return {
    async list(): Promise<AdminUser[]> {
      const rows = await withCounts(db).orderBy('u.is_active', 'desc').orderBy('u.trigram').execute();
      return rows.map((row) => toAdminUser(row as AdminUserRow));
    },

    async create(changes: UserChanges, passwordHash: string, actor: Actor): Promise<AdminUser> {
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseDuplicates(trx, changes, null);
          await refuseBadLeader(trx, changes.leaderId, null);
          const row = await trx
            .insertInto('app_user')
            .values({ ...toColumns(changes), password_hash: passwordHash })
            .returningAll()
            .executeTakeFirstOrThrow();
          await history.record(trx, {
            entity: 'user',
            entityId: row.id,
            action: 'create',
            changes: diff({}, flat(row)),
            userId: actor.id,
          });
          return readOne(trx, row.id);
        }),
      );
    },

    // The rules of a change, in the order the admin can act on them: the record exists, trigram and email are free,
    // the leader is one, the admin keeps their own admin role and account, and a user leaves nobody behind
    // (contacts, team members) when deactivated. Deactivation ends every session of the user at once.
    async update(id: number, changes: UserChanges, passwordHash: string | null, actor: Actor): Promise<AdminUser> {
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('app_user')
            .selectAll()
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
          await refuseDuplicates(trx, changes, id);
          if (changes.leaderId !== before.leader_id) await refuseBadLeader(trx, changes.leaderId, id);
          if (id === actor.id && !changes.role.admin) throw new AppError('notAllowed', { field: 'role' });
          if (id === actor.id && !changes.isActive) throw new AppError('notAllowed', { field: 'isActive' });
          const deactivating = before.is_active && !changes.isActive;
          if (deactivating) {
            const contacts = await trx.selectFrom('contact').select('id').where('owner_id', '=', id).limit(1).execute();
            if (contacts.length > 0) throw new AppError('cantDeactivateUserWithContact', { field: 'isActive' });
            const members = await trx
              .selectFrom('app_user')
              .select('id')
              .where('leader_id', '=', id)
              .where('is_active', '=', true)
              .limit(1)
              .execute();
            if (members.length > 0) throw new AppError('cantDeactivateUserWithTeam', { field: 'isActive' });
          }
          const now = new Date();
          const after = await trx
            .updateTable('app_user')
            .set({
              ...toColumns(changes),
              updated_at: now,
              ...(passwordHash === null ? {} : { password_hash: passwordHash }),
              // A new password given by the admin or a deactivation: every token issued until now is refused.
              ...(deactivating || passwordHash !== null ? { sessions_valid_after: now } : {}),
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (deactivating || passwordHash !== null) await endUserSessions(trx, id, now);
          const changed = diff(flat(before), flat(after));
          if (passwordHash !== null) changed.password = { from: null, to: 'changed' };
          if (Object.keys(changed).length > 0)
            await history.record(trx, {
              entity: 'user',
              entityId: id,
              action: 'update',
              changes: changed,
              userId: actor.id,
            });
          return readOne(trx, id);
        }),
      );
    },

    // Every team member of a leader (active or not) goes to another leader, or to none: one history entry each.
    async moveTeam(id: number, leaderId: number | null, actor: Actor): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const leader = await trx.selectFrom('app_user').select('id').where('id', '=', id).executeTakeFirst();
        if (leader === undefined) throw new AppError('modelNotFound', { field: 'id' });
        await refuseBadLeader(trx, leaderId, id);
        const members = await trx.selectFrom('app_user').select('id').where('leader_id', '=', id).forUpdate().execute();
        if (members.length === 0) return 0;
        await trx
          .updateTable('app_user')
          .set({ leader_id: leaderId, updated_at: new Date() })
          .where(
            'id',
            'in',
            members.map((member) => member.id),
          )
          .execute();
        for (const member of members) {
          await history.record(trx, {
            entity: 'user',
            entityId: member.id,
            action: 'update',
            changes: { leaderId: { from: id, to: leaderId } },
            userId: actor.id,
          });
        }
        return members.length;
      });
    },
  };
}
export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
