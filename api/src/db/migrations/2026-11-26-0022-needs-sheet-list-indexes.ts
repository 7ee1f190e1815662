import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The needs sheets' list on 50 000 sheets, for performance:
// - `closed`: whether the sheet's status closes it, a copy of needs_sheet_status.closes kept by triggers (when a
//   sheet changes status, when a status starts or stops closing). The "open" and "late" filters and their counts
//   read the sheet alone, and one partial index holds the open sheets in deadline order (the deadline sort, the
//   sheets past their deadline);
// - references sort by year then number (BES-2025-1001 before BES-2025-10000), as an index holds them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('needs_sheet')
    .addColumn('closed', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`
    create function needs_sheet_closed() returns trigger language plpgsql as $$
    begin
      new.closed := (select closes from needs_sheet_status where id = new.status_id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger needs_sheet_closed before insert or update of status_id on needs_sheet
    for each row execute function needs_sheet_closed()`.execute(db);
  await sql`
    create function needs_sheet_status_closes() returns trigger language plpgsql as $$
    begin
      update needs_sheet set closed = new.closes where status_id = new.id and closed <> new.closes;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger needs_sheet_status_closes after update of closes on needs_sheet_status
    for each row execute function needs_sheet_status_closes()`.execute(db);
  await sql`update needs_sheet s set closed = st.closes from needs_sheet_status st where st.id = s.status_id and st.closes`.execute(
    db,
  );
  // The priority read from the index: the count of the open sheets of a priority without a visit to each row.
  await sql`create index needs_sheet_open_deadline_idx on needs_sheet (deadline, id) include (priority) where not closed`.execute(
    db,
  );

  await sql`
    create index needs_sheet_reference_order_idx
    on needs_sheet ((split_part(reference, '-', 2)::integer), (split_part(reference, '-', 3)::integer), id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index needs_sheet_reference_order_idx`.execute(db);
  await sql`drop index needs_sheet_open_deadline_idx`.execute(db);
  await sql`drop trigger needs_sheet_status_closes on needs_sheet_status`.execute(db);
  await sql`drop function needs_sheet_status_closes()`.execute(db);
  await sql`drop trigger needs_sheet_closed on needs_sheet`.execute(db);
  await sql`drop function needs_sheet_closed()`.execute(db);
  await db.schema.alterTable('needs_sheet').dropColumn('closed').execute();
}
