import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Live changes (docs/live-changes.md): every statement writing to a table the pages show sends a notification on
// the channel `bo_live`, in the writer's own transaction, so that it is delivered when the transaction commits and
// never when it rolls back, whoever wrote (a route, an import, a merge, psql). Every API instance listens and
// passes it on to the browsers allowed to see it.
//
// The payload (JSON, well under PostgreSQL's 8000 bytes): `e` an id from one sequence (the browsers resume from
// it, on any instance), `t` the table, `op` i/u/d/t (insert, update, delete, truncate), `n` the rows written, `r`
// up to 50 of them as [id, version] (null past 50: the pages reload the table's data), and for a todo `o` its
// owner and `l` that owner's leader, who alone with admins may see it: a statement writing the todos of several
// owners sends one notification per owner. `ed` false: an update that moved no record's version, so changed nothing a
// person edits, only what the database derives (a contact's next deadline): the pages showing that table alone reload.
const LIMIT = 50;

// table, the column naming the record, its version (null where the table keeps none).
const tables: Array<[table: string, key: string, version: string, shownAs?: string]> = [
  ['app_user', 'id', 'null'],
  ['company', 'id', 'version'],
  ['contact', 'id', 'version'],
  ['task', 'id', 'null'],
  ['phrase', 'id', 'null'],
  ['needs_sheet', 'id', 'version'],
  // A sheet's recruiters are part of the sheet.
  ['needs_sheet_recruiter', 'needs_sheet_id', 'null', 'needs_sheet'],
  ['needs_sheet_status', 'id', 'null'],
  ['needs_sheet_model', 'id', 'null'],
];

const ops = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  await sql`create sequence live_event_id`.execute(db);
  await sql`
    create function live_notify(tbl text, op text, n bigint, rows jsonb, owner integer, edited boolean) returns void
    language plpgsql as $$
    begin
      perform pg_notify('bo_live', json_build_object(
        'e', nextval('live_event_id'), 't', tbl, 'op', op, 'n', n,
        'r', case when n <= ${sql.lit(LIMIT)} then coalesce(rows, '[]'::jsonb) end,
        'o', owner, 'l', (select leader_id from app_user where id = owner), 'ed', edited)::text);
    end $$`.execute(db);
  // tg_argv: the table as shown, the key column, the version column (or null).
  await sql`
    create function live_change() returns trigger language plpgsql as $$
    declare
      n bigint;
      rows jsonb;
      edited boolean := true;
    begin
      if tg_op = 'TRUNCATE' then
        perform live_notify(tg_argv[0], 't', null, null, null, true);
        return null;
      end if;
      -- An update that moved no version changed only what the database derives (a contact's next deadline).
      if tg_op = 'UPDATE' and tg_argv[2] <> 'null' then
        execute format(
          'select exists (select 1 from new_rows n join old_rows o on o.%1$I = n.%1$I where n.%2$I is distinct from o.%2$I)',
          tg_argv[1], tg_argv[2]) into edited;
      end if;
      execute format(
        'select count(*), (select jsonb_agg(jsonb_build_array(k, v)) from (select distinct %1$I as k, %2$s as v from %3$I limit ${sql.raw(String(LIMIT + 1))}) x) from %3$I',
        tg_argv[1], tg_argv[2], case when tg_op = 'DELETE' then 'old_rows' else 'new_rows' end)
        into n, rows;
      perform live_notify(tg_argv[0], lower(left(tg_op, 1)), n, rows, null, edited);
      return null;
    end $$`.execute(db);
  // Todos: one notification per owner whose todos changed; a todo given to another owner is told to both.
  await sql`
    create function live_todo_change() returns trigger language plpgsql as $$
    declare
      source text;
      item record;
    begin
      if tg_op = 'TRUNCATE' then
        perform live_notify('todo', 't', null, null, null, true);
        return null;
      end if;
      source := case tg_op
        when 'INSERT' then 'select id, version, owner_id from new_rows'
        when 'DELETE' then 'select id, version, owner_id from old_rows'
        else 'select id, version, owner_id from new_rows union all
              select o.id, n.version, o.owner_id from old_rows o join new_rows n using (id)
              where n.owner_id is distinct from o.owner_id'
      end;
      for item in execute format(
        'select owner_id, count(*) as n, jsonb_agg(jsonb_build_array(id, version)) filter (where rn <= ${sql.raw(String(LIMIT + 1))}) as rows
         from (select *, row_number() over (partition by owner_id) as rn from (%s) s) x group by owner_id', source)
      loop
        perform live_notify('todo', lower(left(tg_op, 1)), item.n, item.rows, item.owner_id, true);
      end loop;
      return null;
    end $$`.execute(db);

  for (const [table, key, version, shownAs] of [...tables, ['todo', '', ''] as const]) {
    const call =
      table === 'todo'
        ? sql`live_todo_change()`
        : sql`live_change(${sql.lit(shownAs ?? table)}, ${sql.lit(key)}, ${sql.lit(version)})`;
    for (const [op, referencing] of ops) {
      await sql`
        create trigger ${sql.id(`${table}_live_${op}`)} after ${sql.raw(op)} on ${sql.table(table)}
        ${sql.raw(referencing)} for each statement execute function ${call}`.execute(db);
    }
    await sql`
      create trigger ${sql.id(`${table}_live_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function ${call}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  for (const table of [...tables.map(([name]) => name), 'todo']) {
    for (const op of [...ops.map(([name]) => name), 'truncate'])
      await sql`drop trigger ${sql.id(`${table}_live_${op}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function live_todo_change()`.execute(db);
  await sql`drop function live_change()`.execute(db);
  await sql`drop function live_notify(text, text, bigint, jsonb, integer, boolean)`.execute(db);
  await sql`drop sequence live_event_id`.execute(db);
}
