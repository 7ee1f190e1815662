import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The needs sheets list keeps its totals between changes of the data they count (freshness/list-totals.ts):
// every statement writing sheets or their recruiters is logged in data_change, as those of migration 0005 are.
// A status that stops or starts closing updates its sheets' `closed` copy (migration 0022): that is a statement
// on needs_sheet, logged too.
const tables = ['needs_sheet', 'needs_sheet_recruiter'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await sql`
      create trigger ${sql.id(`${table}_data_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function log_data_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables)
    await sql`drop trigger ${sql.id(`${table}_data_change`)} on ${sql.table(table)}`.execute(db);
}
