import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// A todo carries a version, one more at each write that changes its row, and the time of that write, whoever makes
// it (a dialog, a merge, a reassignment): a calendar client reads them as the event's SEQUENCE and LAST-MODIFIED, so
// that it takes a changed todo for a change. Rows written before this migration keep no time (null): their last
// known change is their execution or their creation.
// Migrations run in one transaction: an earlier one's writes may leave deferred checks queued on todo (0029's repair
// of contact states), and PostgreSQL alters no table with events pending. They run here, first.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  await sql`alter table todo add column version integer not null default 0, add column updated_at timestamptz`.execute(
    db,
  );
  await sql`
    create function todo_count_version() returns trigger language plpgsql as $$
    begin
      if row(new.*) is distinct from row(old.*) then
        new.version := old.version + 1;
        new.updated_at := now();
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger todo_version before update on todo for each row execute function todo_count_version()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`set constraints all immediate`.execute(db);
  await sql`drop trigger todo_version on todo`.execute(db);
  await sql`drop function todo_count_version()`.execute(db);
  await sql`alter table todo drop column version, drop column updated_at`.execute(db);
}
