import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// A needs sheet carries a version, one more at each change of its row: every write of a sheet is an edit or a status
// change (its recruiters are written with its row), so that a save or a status change made from an older read can be
// refused rather than overwrite what another person saved (docs/data-rules.md).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table needs_sheet add column version integer not null default 1`.execute(db);
  await sql`
    create function needs_sheet_count_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$`.execute(db);
  await sql`create trigger needs_sheet_version before update on needs_sheet for each row execute function needs_sheet_count_version()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger needs_sheet_version on needs_sheet`.execute(db);
  await sql`drop function needs_sheet_count_version()`.execute(db);
  await sql`alter table needs_sheet drop column version`.execute(db);
}
