import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The statistics' figures of contacts and todos, kept per owner and Paris day by the data itself, so that a year's
// statistics add a few thousand rows instead of reading every contact, todo and state change
// (docs/decisions/report-days.md):
// - report_day: per owner and Paris day, the contacts created, the todos done (active and accomplished, by their
//   execution) and the change of the number of contacts en veille (+1 the day a span en veille starts, -1 the day
//   it ends). Summed over the days before an instant's day, the last gives the contacts en veille at that instant
//   when it is a Paris midnight.
// - contact_standby_span: each contact's spans en veille, as the statistics read them: its state from one isActive
//   change of its history to the next (before its first change, that change's "from"; without any change, its
//   state today), from its creation on, for its owner of today.
// Statement triggers on todo, contact and history keep both, whatever writes (a route, an import, a merge, a
// reassignment, a delete, the contact's state kept from its todos).
const parisDay = (instant: string) => `(${instant} at time zone 'Europe/Paris')::date`;

// One statement trigger per event on the table, each with the transition tables its event has.
async function statementTriggers(db: Kysely<any>, table: string, fn: string): Promise<void> {
  const transitionTables = {
    insert: 'new table as new_rows',
    update: 'new table as new_rows old table as old_rows',
    delete: 'old table as old_rows',
  };
  for (const [event, tables] of Object.entries(transitionTables))
    await sql`
      create trigger ${sql.id(`${table}_report_day_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
      referencing ${sql.raw(tables)} for each statement execute function ${sql.raw(fn)}()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // An earlier migration's writes may leave deferred checks queued on todo; PostgreSQL adds no trigger to a table
  // with events pending (see migration 0032).
  await sql`set constraints all immediate`.execute(db);
  await sql`
    create table report_day (
      day date not null,
      owner_id integer not null,
      contacts_created integer not null default 0,
      todos_done integer not null default 0,
      standby_change integer not null default 0,
      primary key (day, owner_id)
    )`.execute(db);
  // The contacts en veille add every change since the first day: the days without any are left out.
  await sql`create index report_day_standby_idx on report_day (day, owner_id) include (standby_change) where standby_change <> 0`.execute(
    db,
  );
  await sql`
    create table contact_standby_span (
      contact_id integer not null,
      owner_id integer not null,
      starts timestamptz not null,
      ends timestamptz not null
    )`.execute(db);
  await sql`create index contact_standby_span_contact_idx on contact_standby_span (contact_id)`.execute(db);
  await sql`create index contact_standby_span_starts_idx on contact_standby_span (starts)`.execute(db);
  await sql`create index contact_standby_span_ends_idx on contact_standby_span (ends)`.execute(db);

  // Changes added to the days, in the order of the key (two writers lock the rows they share in the same order).
  await sql`
    create function report_day_add(changes jsonb) returns void language sql as $$
      insert into report_day as r (day, owner_id, contacts_created, todos_done, standby_change)
      select day, owner_id, sum(created), sum(done), sum(standby)
      from jsonb_to_recordset(changes) as c(day date, owner_id integer, created integer, done integer, standby integer)
      group by day, owner_id
      having sum(created) <> 0 or sum(done) <> 0 or sum(standby) <> 0
      order by day, owner_id
      on conflict (day, owner_id) do update set contacts_created = r.contacts_created + excluded.contacts_created,
        todos_done = r.todos_done + excluded.todos_done, standby_change = r.standby_change + excluded.standby_change
    $$`.execute(db);

  // The spans en veille of the given contacts, computed anew from the contacts and their history.
  await sql`
    create function contact_standby_refresh(ids integer[]) returns void language plpgsql as $$
    declare
      changes jsonb;
    begin
      with targets as (select distinct id from unnest(ids) as i(id)),
      gone as (
        delete from contact_standby_span s using targets t where s.contact_id = t.id returning s.owner_id, s.starts, s.ends
      ),
      owned as (select k.id, k.owner_id, k.created_at, k.is_active from contact k join targets t on t.id = k.id),
      moves as (
        select h.entity_id as contact_id, h.created_at as at,
          (h.changes->'isActive'->>'from')::boolean as was, (h.changes->'isActive'->>'to')::boolean as became,
          row_number() over (partition by h.entity_id order by h.created_at, h.id) as rank,
          lead(h.created_at) over (partition by h.entity_id order by h.created_at, h.id) as next
        from history h join targets t on t.id = h.entity_id where h.entity = 'contact' and h.changes ? 'isActive'
      ),
      spans as (
        select k.id, k.owner_id, k.created_at, '-infinity'::timestamptz as starts, 'infinity'::timestamptz as ends, k.is_active as active
        from owned k where not exists (select 1 from moves c where c.contact_id = k.id)
        union all
        select k.id, k.owner_id, k.created_at, '-infinity'::timestamptz, c.at, coalesce(c.was, k.is_active)
        from moves c join owned k on k.id = c.contact_id where c.rank = 1
        union all
        select k.id, k.owner_id, k.created_at, c.at, coalesce(c.next, 'infinity'::timestamptz), c.became
        from moves c join owned k on k.id = c.contact_id
      ),
      fresh as (
        insert into contact_standby_span (contact_id, owner_id, starts, ends)
        select id, owner_id, greatest(starts, created_at), ends from spans
        where not active and greatest(starts, created_at) < ends
        returning owner_id, starts, ends
      )
      select coalesce(jsonb_agg(jsonb_build_object('day', day, 'owner_id', owner_id, 'created', 0, 'done', 0, 'standby', n)), '[]')
      into changes
      from (
        select ${sql.raw(parisDay('starts'))} as day, owner_id, 1 as n from fresh
        union all select ${sql.raw(parisDay('ends'))}, owner_id, -1 from fresh where ends < 'infinity'
        union all select ${sql.raw(parisDay('starts'))}, owner_id, -1 from gone
        union all select ${sql.raw(parisDay('ends'))}, owner_id, 1 from gone where ends < 'infinity'
      ) as moved;
      perform report_day_add(changes);
    end $$`.execute(db);

  // Todos: one done the day of its execution, for its owner, while active and accomplished.
  await sql`
    create function report_day_todos() returns trigger language plpgsql as $$
    declare
      changes jsonb;
    begin
      if tg_op = 'INSERT' then
        select jsonb_agg(jsonb_build_object('day', ${sql.raw(parisDay('execution_date'))}, 'owner_id', owner_id, 'created', 0, 'done', 1, 'standby', 0))
        into changes from new_rows where is_active and is_accomplished and execution_date is not null;
      elsif tg_op = 'UPDATE' then
        select jsonb_agg(jsonb_build_object('day', day, 'owner_id', owner_id, 'created', 0, 'done', n, 'standby', 0))
        into changes from (
          select ${sql.raw(parisDay('execution_date'))} as day, owner_id, 1 as n
          from new_rows where is_active and is_accomplished and execution_date is not null
          union all
          select ${sql.raw(parisDay('execution_date'))}, owner_id, -1
          from old_rows where is_active and is_accomplished and execution_date is not null
        ) as moved;
      else
        select jsonb_agg(jsonb_build_object('day', ${sql.raw(parisDay('execution_date'))}, 'owner_id', owner_id, 'created', 0, 'done', -1, 'standby', 0))
        into changes from old_rows where is_active and is_accomplished and execution_date is not null;
      end if;
      if changes is not null then perform report_day_add(changes); end if;
      return null;
    end $$`.execute(db);
  await statementTriggers(db, 'todo', 'report_day_todos');

  // Contacts: one created the day of its creation, for its owner; its spans en veille computed anew when its owner,
  // creation or state changes.
  await sql`
    create function report_day_contacts() returns trigger language plpgsql as $$
    declare
      changes jsonb;
      touched integer[];
    begin
      if tg_op = 'INSERT' then
        select jsonb_agg(jsonb_build_object('day', ${sql.raw(parisDay('created_at'))}, 'owner_id', owner_id, 'created', 1, 'done', 0, 'standby', 0)),
          array_agg(id)
        into changes, touched from new_rows;
      elsif tg_op = 'UPDATE' then
        select jsonb_agg(jsonb_build_object('day', day, 'owner_id', owner_id, 'created', n, 'done', 0, 'standby', 0))
        into changes from (
          select ${sql.raw(parisDay('n.created_at'))} as day, n.owner_id, 1 as n
          from new_rows n join old_rows o on o.id = n.id where (n.owner_id, n.created_at) is distinct from (o.owner_id, o.created_at)
          union all
          select ${sql.raw(parisDay('o.created_at'))}, o.owner_id, -1
          from new_rows n join old_rows o on o.id = n.id where (n.owner_id, n.created_at) is distinct from (o.owner_id, o.created_at)
        ) as moved;
        select array_agg(n.id) into touched from new_rows n join old_rows o on o.id = n.id
        where (n.owner_id, n.created_at, n.is_active) is distinct from (o.owner_id, o.created_at, o.is_active);
      else
        select jsonb_agg(jsonb_build_object('day', ${sql.raw(parisDay('created_at'))}, 'owner_id', owner_id, 'created', -1, 'done', 0, 'standby', 0)),
          array_agg(id)
        into changes, touched from old_rows;
      end if;
      if changes is not null then perform report_day_add(changes); end if;
      if touched is not null then perform contact_standby_refresh(touched); end if;
      return null;
    end $$`.execute(db);
  await statementTriggers(db, 'contact', 'report_day_contacts');

  // History: a contact's isActive change written, changed or deleted bounds its spans anew.
  await sql`
    create function report_day_history() returns trigger language plpgsql as $$
    declare
      touched integer[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(entity_id) into touched from new_rows where entity = 'contact' and changes ? 'isActive';
      elsif tg_op = 'UPDATE' then
        select array_agg(entity_id) into touched from (
          select entity_id from new_rows where entity = 'contact' and changes ? 'isActive'
          union select entity_id from old_rows where entity = 'contact' and changes ? 'isActive'
        ) as moved;
      else
        select array_agg(entity_id) into touched from old_rows where entity = 'contact' and changes ? 'isActive';
      end if;
      if touched is not null then perform contact_standby_refresh(touched); end if;
      return null;
    end $$`.execute(db);
  await statementTriggers(db, 'history', 'report_day_history');

  // The rows of today's data.
  await sql`
    insert into report_day (day, owner_id, contacts_created, todos_done)
    select day, owner_id, sum(created), sum(done) from (
      select ${sql.raw(parisDay('created_at'))} as day, owner_id, 1 as created, 0 as done from contact
      union all
      select ${sql.raw(parisDay('execution_date'))}, owner_id, 0, 1 from todo
      where is_active and is_accomplished and execution_date is not null
    ) as rows
    group by day, owner_id`.execute(db);
  await sql`select contact_standby_refresh(array(select id from contact))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  for (const table of ['todo', 'contact', 'history'])
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger ${sql.id(`${table}_report_day_${event}`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function report_day_history()`.execute(db);
  await sql`drop function report_day_contacts()`.execute(db);
  await sql`drop function report_day_todos()`.execute(db);
  await sql`drop function contact_standby_refresh(integer[])`.execute(db);
  await sql`drop function report_day_add(jsonb)`.execute(db);
  await sql`drop table contact_standby_span`.execute(db);
  await sql`drop table report_day`.execute(db);
}
