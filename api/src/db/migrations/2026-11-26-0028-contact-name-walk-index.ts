import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The contacts' name order carries the columns a list's search and filters read: a search with many matches walks
// the order and tests each contact in the index alone (an index-only scan), instead of reading every match's row to
// sort them all. The key is unchanged, so the index still serves every other use of the name order.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_name_key_sort_idx`.execute(db);
  await sql`create index contact_name_key_sort_idx on contact (name_key, id) include (search_key, company_id, owner_id, is_active)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_name_key_sort_idx`.execute(db);
  await sql`create index contact_name_key_sort_idx on contact (name_key, id)`.execute(db);
}
