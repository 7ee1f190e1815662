import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Two filters of the contacts list read every row without an index of their own: the search's "company name
// contains" scanned the 20 000 companies' name keys (the trigram index of migration 0010 covers their search key,
// which holds the SIRET and the city too), and the team view's count read the 100 000 contacts' (is_active,
// owner_id) index for a few owners.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index company_name_key_trgm_idx on company using gin (name_key gin_trgm_ops)`.execute(db);
  await sql`create index contact_owner_idx on contact (owner_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_owner_idx`.execute(db);
  await sql`drop index company_name_key_trgm_idx`.execute(db);
}
