import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type RawBuilder } from 'kysely';
import { addDays, toBusinessIsoDate, type StatsRow } from '@bo/contracts/all';
import type { Db } from '../../db/database';
import { createRandom } from '../../db/prng';
import { inScope, parisDay, parisMidnight, type ReportScope } from '../../repositories/reports/sql';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, testEngines } from '../../test/harness';

// The statistics read the days' figures that the writes keep (migration 0034): after random writes through the
// routes and straight to the tables, each figure equals the one computed from the rows themselves (the query the
// report ran before the days were kept, below).
async function directStats(db: Db, scope: ReportScope, from: string, to: string): Promise<StatsRow[]> {
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
}

for (const engine of testEngines()) {
  describe(`statistics kept per day on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(async () => {
      await suite.close();
    });

    it('equal the figures computed from the rows after random writes, on every period and scope', async () => {
      const { app, tokens, fixture } = suite;
      const { db } = suite.database;
      const random = createRandom(34);
      const today = toBusinessIsoDate(new Date());
      const owners = ['COM', 'DIR', 'REC', 'DIB', 'COB'].map((trigram) => fixture.users[trigram]);
      // An instant within the last 400 days, at any hour.
      const pastInstant = () =>
        new Date(Date.now() - random.int(0, 400 * 24) * 3_600_000 - random.int(0, 3_599_999)).toISOString();
      // A row's creation moved to such an instant (no route writes it: an import or older data does).
      const backdate = (table: 'contact' | 'history', id: number) =>
        sql`update ${sql.table(table)} set created_at = ${pastInstant()}::timestamptz where id = ${id}`.execute(db);
      const contactIds = async () =>
        (await db.selectFrom('contact').select('id').where('merged_into_id', 'is', null).execute()).map(
          (row) => row.id,
        );
      const todoIds = async () => (await db.selectFrom('todo').select('id').execute()).map((row) => row.id);
      const pendingTodos = () =>
        db
          .selectFrom('todo')
          .select(['id', 'owner_id', sql<string>`to_char(deadline, 'YYYY-MM-DD')`.as('deadline')])
          .where('is_active', '=', true)
          .where('is_accomplished', '=', false)
          .execute();

      for (let step = 0; step < 60; step++) {
        const kind = random.int(0, 9);
        if (kind === 0) {
          const answer = await call(app, 'POST', '/contact/store', {
            token: tokens.DIR,
            fields: {
              title: 'madam',
              firstName: `Aline${step}`,
              lastName: `Stat${step}`,
              email: `aline${step}@example.fr`,
              companyId: fixture.company,
              ownerId: random.pick(owners),
            },
          });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
        } else if (kind === 1) {
          const answer = await call(
            app,
            'POST',
            `/contact/${random.pick(await contactIds())}/task/${fixture.tasks.call}/todo/store`,
            { token: tokens.DIR, fields: { deadline: addDays(today, random.int(-60, 30)), notes: `pas ${step}` } },
          );
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
        } else if (kind === 2) {
          // Accomplished by its owner, alone or with a follow-up.
          const pending = await pendingTodos();
          if (pending.length === 0) continue;
          const todo = random.pick(pending);
          const trigram = Object.keys(fixture.users).find((key) => fixture.users[key] === todo.owner_id) ?? 'ADM';
          const deadline = todo.deadline;
          const answer = random.chance(0.5)
            ? await call(app, 'POST', `/todo/${todo.id}/store`, {
                token: tokens[trigram] ?? tokens.ADM,
                fields: { deadline, isAccomplished: '1', comment: 'fait' },
              })
            : await call(app, 'POST', `/todo/${todo.id}/task/${fixture.tasks.mail}/store`, {
                token: tokens[trigram] ?? tokens.ADM,
                fields: { deadline, comment: 'fait', newDeadline: addDays(today, random.int(1, 20)) },
              });
          assert.ok([200, 403].includes(answer.status), JSON.stringify(answer.body));
        } else if (kind === 3) {
          const answer = await call(app, 'POST', '/contacts/owner', {
            token: tokens.ADM,
            fields: {
              ids: [random.pick(await contactIds()), random.pick(await contactIds())],
              ownerId: random.pick(owners),
            },
          });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
        } else if (kind === 4) {
          // Rows written as an import or older data would: a contact and a done todo on past days.
          const contact = await db
            .insertInto('contact')
            .values({
              title: 'mister',
              first_name: 'Ancien',
              last_name: `Import ${step}`,
              owner_id: random.pick(owners),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await backdate('contact', contact.id);
          await db
            .insertInto('todo')
            .values({
              contact_id: contact.id,
              task_id: fixture.tasks.mail,
              owner_id: random.pick(owners),
              deadline: addDays(today, -random.int(0, 300)),
              is_accomplished: true,
              execution_date: pastInstant(),
            })
            .execute();
        } else if (kind === 5) {
          // A todo moved: another owner, another execution, deactivated or deleted.
          const id = random.pick(await todoIds());
          const change = random.int(0, 3);
          if (change === 0)
            await db
              .updateTable('todo')
              .set({ owner_id: random.pick(owners) })
              .where('id', '=', id)
              .execute();
          if (change === 1)
            await db
              .updateTable('todo')
              .set({ execution_date: pastInstant() })
              .where('id', '=', id)
              .where('is_accomplished', '=', true)
              .execute();
          if (change === 2) await db.updateTable('todo').set({ is_active: false }).where('id', '=', id).execute();
          if (change === 3) await db.deleteFrom('todo').where('id', '=', id).execute();
        } else if (kind === 6) {
          // A contact's past changes of state, as the history keeps them.
          const id = random.pick(await contactIds());
          const became = random.chance(0.5);
          await db
            .insertInto('history')
            .values({
              entity: 'contact',
              entity_id: id,
              action: became ? 'activate' : 'standby',
              changes: JSON.stringify({ isActive: { from: !became, to: became } }),
              user_id: random.pick(owners),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
            .then((row) => backdate('history', row.id));
        } else if (kind === 7) {
          const id = random.pick(await contactIds());
          await backdate('contact', id);
        } else if (kind === 8) {
          // A history row of a contact's state rewritten or removed.
          const row = await db
            .selectFrom('history')
            .select('id')
            .where('entity', '=', 'contact')
            .where(sql<boolean>`changes ? 'isActive'`)
            .orderBy('id')
            .offset(random.int(0, 5))
            .limit(1)
            .executeTakeFirst();
          if (row === undefined) continue;
          if (random.chance(0.5)) await backdate('history', row.id);
          else await db.deleteFrom('history').where('id', '=', row.id).execute();
        } else {
          // A contact deleted, with its todos.
          const id = random.pick(await contactIds());
          await db.deleteFrom('todo').where('contact_id', '=', id).execute();
          await db.deleteFrom('contact').where('id', '=', id).execute();
        }
      }

      // Last, contacts whose change of state is in the history before they are written (their ids drawn first, as
      // older data or a restored file may have them): their own insert bounds their spans, no later write does.
      for (const [changed, created] of [
        [-300, -200],
        [-200, -300],
        [-20, -40],
      ]) {
        const owner = random.pick(owners);
        const drawn = await sql<{
          id: number;
        }>`select nextval(pg_get_serial_sequence('contact', 'id'))::integer as id`.execute(db);
        const id = drawn.rows[0].id;
        const changes = JSON.stringify({ isActive: { from: false, to: true } });
        await sql`insert into history (entity, entity_id, action, changes, user_id, created_at)
          values ('contact', ${id}, 'activate', ${changes}::jsonb, ${owner}, now() + ${`${changed} days`}::interval)`.execute(
          db,
        );
        await sql`insert into contact (id, title, first_name, last_name, owner_id, created_at) overriding system value
          values (${id}, 'mister', 'Ancien', 'Historique', ${owner}, now() + ${`${created} days`}::interval)`.execute(
          db,
        );
      }

      const year = Number(today.slice(0, 4));
      const periods: [string, string][] = [
        [`${year}-01-01`, `${year}-12-31`],
        [`${year - 1}-01-01`, `${year - 1}-12-31`],
        [addDays(today, -100), addDays(today, -20)],
        [addDays(today, -45), today],
        [today, today],
        [addDays(today, 1), addDays(today, 40)],
      ];
      const scopes: ReportScope[] = [{ kind: 'all' }, { kind: 'team', leaderId: fixture.users.DIR }];
      for (const [from, to] of periods) {
        for (const scope of scopes) {
          const token = scope.kind === 'all' ? tokens.ADM : tokens.DIR;
          const answer = await call<StatsRow[]>(app, 'GET', '/reports/stats', { token, query: { from, to } });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.deepEqual(answer.body.data, await directStats(db, scope, from, to), `${from} ${to} ${scope.kind}`);
        }
      }
      // The writes did move the figures.
      const figures = await directStats(db, { kind: 'all' }, `${year - 1}-01-01`, today);
      assert.ok(figures.some((row) => row.standbyAtMonthEnd > 0) && figures.some((row) => row.todosDone > 0));
    });
  });
}
