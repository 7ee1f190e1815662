import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The contacts list sorts on a contact's next todo (the deadline of its pending todo due first) and filters the
// late ones by it: computed for every contact at each request, that sort read 100 000 todo index entries. The
// deadline is stored on the contact, kept by a trigger on todo in the transaction of every writer (the API, an
// import, a merge, a script), and indexed with the id for the sort in both directions.

// Every column of contact a cached answer shows (migration 0005 logs their changes): next_deadline is not one of
// them, so that a todo write keeps the standby lists and the other owners' todo lists. A column added to contact
// and shown by a cached answer must be added here.
const shownColumns = [
  'title',
  'first_name',
  'last_name',
  'job_title',
  'email',
  'phone',
  'company_id',
  'owner_id',
  'is_active',
  'created_at',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contact add column next_deadline date`.execute(db);
  await sql`
    update contact c set next_deadline = t.deadline
    from (select contact_id, min(deadline) as deadline from todo where is_active and not is_accomplished group by contact_id) as t
    where t.contact_id = c.id`.execute(db);
  await sql`create index contact_next_deadline_sort_idx on contact (next_deadline, id)`.execute(db);

  // Recomputed when the transaction that wrote the todos commits (a deferred trigger), the contact's row locked
  // first: of two transactions writing the same contact's todos, the one that commits second waits for the first
  // to end, then reads (a statement of its own, a snapshot of its own) what it committed. A transaction left open
  // locks nothing meanwhile. A "no key" lock, as the UPDATE takes: the foreign key checks' key share locks do not
  // stop it.
  await sql`
    create function contact_refresh_next_deadline(target integer) returns void language plpgsql as $$
    declare
      next date;
    begin
      perform 1 from contact where id = target for no key update;
      select min(deadline) into next from todo where contact_id = target and is_active and not is_accomplished;
      update contact set next_deadline = next where id = target and next_deadline is distinct from next;
    end $$`.execute(db);
  await sql`
    create function todo_refresh_next_deadline() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform contact_refresh_next_deadline(old.contact_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.contact_id <> old.contact_id) then
        perform contact_refresh_next_deadline(new.contact_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger todo_next_deadline after insert or delete or update of contact_id, deadline, is_active, is_accomplished on todo
    deferrable initially deferred for each row execute function todo_refresh_next_deadline()`.execute(db);

  await sql`drop trigger contact_data_change on contact`.execute(db);
  await sql`
    create trigger contact_data_change after insert or delete or truncate or update of ${sql.join(shownColumns.map((column) => sql.id(column)))} on contact
    for each statement execute function log_data_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger contact_data_change on contact`.execute(db);
  await sql`
    create trigger contact_data_change after insert or update or delete or truncate on contact
    for each statement execute function log_data_change()`.execute(db);
  await sql`drop trigger todo_next_deadline on todo`.execute(db);
  await sql`drop function todo_refresh_next_deadline()`.execute(db);
  await sql`drop function contact_refresh_next_deadline(integer)`.execute(db);
  await sql`drop index contact_next_deadline_sort_idx`.execute(db);
  await db.schema.alterTable('contact').dropColumn('next_deadline').execute();
}
