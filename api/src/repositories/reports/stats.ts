import type { StatsRow } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, parisDay, parisMidnight, type ReportScope } from './sql';

export function createStatsReport(db: Db) {
  return {
    // Per month of the period (up to the current one) and per user of the scope: the active users, and the others
    // that have a figure. Each figure is one pass over its table, grouped by the Paris month; the contacts en veille
    // at a month's end (or now, for the current month) are read from each contact's spans of state, which the
    // isActive changes of the history bound. The needs sheets count for their owner: opened in the month of their
    // received date; filled or lost in the month they entered a closing status that fills them or not (once per
    // sheet and month, at the first such change), the days to fill running from the received date to that change.
    async stats(scope: ReportScope, from: string, to: string): Promise<StatsRow[]> {
      const month = (instant: RawBuilder<unknown>) => sql`to_char(${instant} at time zone 'Europe/Paris', 'YYYY-MM')`;
      const { rows } = await sql<{
        month: string;
        user_id: number;
        trigram: string;
        new_contacts: string;
        activated: string;
        standby: string;
        done: string;
        opened: string;
        filled: string;
        lost: string;
        median_days: number | string | null;
      }>`
        with months as (
          select to_char(m, 'YYYY-MM') as month,
            ${parisMidnight(sql`greatest(m::date, ${from}::date)`)} as starts,
            least(${parisMidnight(sql`(least((m + interval '1 month')::date - 1, ${to}::date) + 1)`)}, now()) as ends
          from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') as m
          where m <= now()
        ),
        span as (select min(starts) as starts, max(ends) as ends from months),
        users as (select u.id, u.trigram, u.is_active from app_user u where ${inScope(scope, sql`u.id`)}),
        created as (
          select ${month(sql`k.created_at`)} as month, k.owner_id, count(*) as n
          from contact k, span where k.owner_id in (select id from users) and k.created_at >= span.starts and k.created_at < span.ends
          group by 1, 2
        ),
        activated as (
          select ${month(sql`h.created_at`)} as month, h.user_id, count(*) as n
          from history h, span where h.entity = 'contact' and h.action = 'activate' and h.user_id in (select id from users)
            and h.created_at >= span.starts and h.created_at < span.ends
          group by 1, 2
        ),
        done as (
          select ${month(sql`t.execution_date`)} as month, t.owner_id, count(*) as n
          from todo t, span where t.owner_id in (select id from users) and t.is_active and t.is_accomplished
            and t.execution_date >= span.starts and t.execution_date < span.ends
          group by 1, 2
        ),
        -- A contact's state from one isActive change to the next is the first one's "to"; before its first change,
        -- that change's "from"; without any change, its state today. Hash joins over the changes, no lookup per contact.
        changes as (
          select h.entity_id as contact_id, h.created_at as at,
            (h.changes->'isActive'->>'from')::boolean as was, (h.changes->'isActive'->>'to')::boolean as became,
            row_number() over (partition by h.entity_id order by h.created_at, h.id) as rank,
            lead(h.created_at) over (partition by h.entity_id order by h.created_at, h.id) as next
          from history h where h.entity = 'contact' and h.changes ? 'isActive'
        ),
        owned as (select k.id, k.owner_id, k.created_at, k.is_active from contact k where k.owner_id in (select id from users)),
        spans as (
          select k.owner_id, k.created_at, '-infinity'::timestamptz as starts, 'infinity'::timestamptz as ends, k.is_active as active
          from owned k where not exists (select 1 from changes c where c.contact_id = k.id)
          union all
          select k.owner_id, k.created_at, '-infinity'::timestamptz, c.at, coalesce(c.was, k.is_active)
          from changes c join owned k on k.id = c.contact_id where c.rank = 1
          union all
          select k.owner_id, k.created_at, c.at, coalesce(c.next, 'infinity'::timestamptz), c.became
          from changes c join owned k on k.id = c.contact_id
        ),
        standby as (
          select mo.month, s.owner_id, count(*) as n
          from months mo join spans s on s.starts < mo.ends and mo.ends <= s.ends
          where s.created_at < mo.ends and not s.active
          group by 1, 2
        ),
        opened as (
          select to_char(s.received_date, 'YYYY-MM') as month, s.owner_id, count(*) as n
          from needs_sheet s where s.owner_id in (select id from users) and s.received_date between ${from}::date and ${to}::date
          group by 1, 2
        ),
        closings as (
          select ${month(sql`sc.changed_at`)} as month, s.id, s.owner_id, st.fills, min(sc.changed_at) as at, s.received_date
          from needs_sheet_status_change sc, span, needs_sheet s, needs_sheet_status st
          where sc.changed_at >= span.starts and sc.changed_at < span.ends and s.id = sc.needs_sheet_id and st.id = sc.status_id
            and st.closes and s.owner_id in (select id from users)
          group by 1, 2, 3, 4, 6
        ),
        outcomes as (
          select month, owner_id, count(*) filter (where fills) as filled, count(*) filter (where not fills) as lost,
            -- A status entered before the received date (a date typed late) fills in no time, not in negative days.
            percentile_cont(0.5) within group (order by greatest(${parisDay(sql`at`)} - received_date, 0)) filter (where fills) as median_days
          from closings group by 1, 2
        ),
        figures as (
          select mo.month, u.id as user_id, u.trigram, u.is_active,
            coalesce(c.n, 0) as new_contacts, coalesce(a.n, 0) as activated, coalesce(sb.n, 0) as standby, coalesce(d.n, 0) as done,
            coalesce(op.n, 0) as opened, coalesce(o.filled, 0) as filled, coalesce(o.lost, 0) as lost, o.median_days
          from months mo cross join users u
          left join created c on c.month = mo.month and c.owner_id = u.id
          left join activated a on a.month = mo.month and a.user_id = u.id
          left join standby sb on sb.month = mo.month and sb.owner_id = u.id
          left join done d on d.month = mo.month and d.owner_id = u.id
          left join opened op on op.month = mo.month and op.owner_id = u.id
          left join outcomes o on o.month = mo.month and o.owner_id = u.id
        )
        select month, user_id, trigram, new_contacts, activated, standby, done, opened, filled, lost, median_days from figures
        where is_active or new_contacts + activated + done + opened + filled + lost > 0
        order by month, trigram`.execute(db);
      return rows.map((row) => ({
        month: row.month,
        userId: row.user_id,
        trigram: row.trigram,
        newContacts: Number(row.new_contacts),
        activatedContacts: Number(row.activated),
        standbyAtMonthEnd: Number(row.standby),
        todosDone: Number(row.done),
        sheetsOpened: Number(row.opened),
        sheetsFilled: Number(row.filled),
        sheetsLost: Number(row.lost),
        medianDaysToFill: row.median_days === null ? null : Number(row.median_days),
      }));
    },
  };
}
