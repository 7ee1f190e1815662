import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The search box reads first the needs sheets whose title or reference starts with the text (docs/search.md):
// along these two indexes ("C" order, which serves a prefix), however many sheets merely contain the text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index needs_sheet_search_key_prefix_idx on needs_sheet (search_key)`.execute(db);
  await sql`create index needs_sheet_reference_prefix_idx on needs_sheet ((lower(reference) collate "C"))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index needs_sheet_reference_prefix_idx`.execute(db);
  await sql`drop index needs_sheet_search_key_prefix_idx`.execute(db);
}
