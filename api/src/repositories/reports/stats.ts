import type { StatsRow } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { inScope, parisDay, parisMidnight, type ReportScope } from './sql';

export function createStatsReport(db: Db) {
  return {
    // Per month of the period (up to the current one) and per user of the scope: the active users, and the others
    // that have a figure. The contacts created, the todos done and the contacts en veille at a month's end (or now,
    // for the current month) add the days' figures that the writes keep (migration 0034,
    // docs/decisions/report-days.md); the others are one pass over their table, grouped by the Paris month. The needs sheets count for their owner: opened in the month of their
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
          select month, starts, ends, first_day, cut, ${parisMidnight(sql`cut`)} as cut_at,
            coalesce(lag(cut) over (order by month), '-infinity'::date) as previous_cut
          from (
          -- cut: the day after the one the end falls in (the end itself when it is a midnight, the next midnight for now).
          select *, ${parisDay(sql`(ends - interval '1 microsecond')`)} + 1 as cut from (
            select to_char(m, 'YYYY-MM') as month, greatest(m::date, ${from}::date) as first_day,
              ${parisMidnight(sql`greatest(m::date, ${from}::date)`)} as starts,
              least(${parisMidnight(sql`(least((m + interval '1 month')::date - 1, ${to}::date) + 1)`)}, now()) as ends
            from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') as m
            where m <= now()
          ) as bounds) as cuts
        ),
        span as (select min(starts) as starts, max(ends) as ends from months),
        users as (select u.id, u.trigram, u.is_active from app_user u where ${inScope(scope, sql`u.id`)}),
        -- The days of each month from the days' figures (migration 0034), up to the day of its end included; for the
        -- current month, less the rows of today after now, read from the rows.
        days as (
          select mo.month, r.owner_id, sum(r.contacts_created) as created, sum(r.todos_done) as done
          from months mo join report_day r on r.day >= mo.first_day and r.day < mo.cut
          where r.owner_id in (select id from users)
          group by 1, 2
        ),
        created as (
          select month, owner_id, sum(n) as n from (
            select month, owner_id, created as n from days
            union all
            select mo.month, k.owner_id, -count(*)
            from months mo join contact k on k.created_at >= greatest(mo.starts, mo.ends) and k.created_at < mo.cut_at
            where k.owner_id in (select id from users)
            group by 1, 2
          ) as parts group by 1, 2
        ),
        activated as (
          select ${month(sql`h.created_at`)} as month, h.user_id, count(*) as n
          from history h, span where h.entity = 'contact' and h.action = 'activate' and h.user_id in (select id from users)
            and h.created_at >= span.starts and h.created_at < span.ends
          group by 1, 2
        ),
        done as (
          select month, owner_id, sum(n) as n from (
            select month, owner_id, done as n from days
            union all
            select mo.month, t.owner_id, -count(*)
            from months mo join todo t on t.execution_date >= greatest(mo.starts, mo.ends) and t.execution_date < mo.cut_at
            where t.owner_id in (select id from users) and t.is_active and t.is_accomplished
            group by 1, 2
          ) as parts group by 1, 2
        ),
        -- The contacts en veille at a month's end: the changes of the days up to the end's day added month after
        -- month, less the spans en veille (migration 0034) started today after now, plus those ended today after now.
        standby_steps as (
          select mo.month, r.owner_id, sum(r.standby_change) as n
          from months mo join report_day r on r.day >= mo.previous_cut and r.day < mo.cut and r.standby_change <> 0
          where r.owner_id in (select id from users)
          group by 1, 2
        ),
        standby_after_now as (
          select month, owner_id, sum(n) as n from (
            select mo.month, s.owner_id, -count(*) as n
            from months mo join contact_standby_span s on s.starts >= mo.ends and s.starts < mo.cut_at group by 1, 2
            union all
            select mo.month, s.owner_id, count(*)
            from months mo join contact_standby_span s on s.ends >= mo.ends and s.ends < mo.cut_at group by 1, 2
          ) as parts group by 1, 2
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
            coalesce(c.n, 0) as new_contacts, coalesce(a.n, 0) as activated, sum(coalesce(sb.n, 0)) over (partition by u.id order by mo.month) + coalesce(sa.n, 0) as standby, coalesce(d.n, 0) as done,
            coalesce(op.n, 0) as opened, coalesce(o.filled, 0) as filled, coalesce(o.lost, 0) as lost, o.median_days
          from months mo cross join users u
          left join created c on c.month = mo.month and c.owner_id = u.id
          left join activated a on a.month = mo.month and a.user_id = u.id
          left join standby_steps sb on sb.month = mo.month and sb.owner_id = u.id
          left join standby_after_now sa on sa.month = mo.month and sa.owner_id = u.id
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
