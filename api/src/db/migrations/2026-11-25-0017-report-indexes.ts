import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

// The statistics (/rapports/stats) count, per month of a period, the todos done and the contacts created: a range
// of each index, with the owner read from it, instead of a pass over the whole table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index todo_done_execution_idx on todo (execution_date) include (owner_id) where is_active and is_accomplished`.execute(
    db,
  );
  await sql`create index contact_created_idx on contact (created_at) include (owner_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contact_created_idx`.execute(db);
  await sql`drop index todo_done_execution_idx`.execute(db);
}
