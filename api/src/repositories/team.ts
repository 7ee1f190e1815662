import { addDays, type TeamMember, type UserBrief } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { toPersonTitle } from './mapping';

type BriefRow = {
  id: number;
  trigram: string;
  title: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
};

const toUserBrief = (row: BriefRow): UserBrief => ({
  id: row.id,
  trigram: row.trigram,
  title: toPersonTitle(row.title),
  firstName: row.first_name,
  lastName: row.last_name,
  isActive: row.is_active,
});

// The last day (Sunday) of the week of a yyyy-MM-dd day.
export function endOfWeek(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(today, weekday === 0 ? 0 : 7 - weekday);
}

export function createTeamRepository(db: Db) {
  const briefColumns = ['u.id', 'u.trigram', 'u.title', 'u.first_name', 'u.last_name', 'u.is_active'] as const;
  return {
    async users(): Promise<UserBrief[]> {
      const rows = await db
        .selectFrom('app_user as u')
        .select(briefColumns)
        .orderBy('u.is_active', 'desc')
        .orderBy('u.trigram')
        .execute();
      return rows.map(toUserBrief);
    },

    // The active users a leader leads, with their figures of the day `today` (yyyy-MM-dd in Paris).
    async members(leaderId: number, today: string): Promise<TeamMember[]> {
      const pending = (condition: ReturnType<typeof sql>) =>
        sql<string>`(select count(*) from todo t where t.owner_id = u.id and t.is_active and not t.is_accomplished and ${condition})`;
      const rows = await db
        .selectFrom('app_user as u')
        .select(briefColumns)
        .select([
          pending(sql`t.deadline = ${today}`).as('today'),
          pending(sql`t.deadline < ${today}`).as('late'),
          pending(sql`t.deadline > ${today} and t.deadline <= ${endOfWeek(today)}`).as('week'),
          sql<string>`(select count(*) from contact c where c.owner_id = u.id and not c.is_active and c.merged_into_id is null)`.as(
            'standby',
          ),
          sql<string>`(select count(*) from contact c where c.owner_id = u.id and c.merged_into_id is null)`.as(
            'contacts',
          ),
        ])
        .where('u.leader_id', '=', leaderId)
        .where('u.is_active', '=', true)
        .orderBy('u.trigram')
        .execute();
      return rows.map((row) => ({
        ...toUserBrief(row),
        todosToday: Number(row.today),
        todosLate: Number(row.late),
        todosThisWeek: Number(row.week),
        standbyContacts: Number(row.standby),
        contacts: Number(row.contacts),
      }));
    },
  };
}
