import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The calendar feed's accomplished todos (a user's last 30 days) by owner and execution date: read through the
// owner's index of every active todo, a user with years of accomplished todos had all of them read and dropped
// for the few of the last month.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index todo_done_owner_execution_idx on todo (owner_id, execution_date) where is_active and is_accomplished`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index todo_done_owner_execution_idx`.execute(db);
}
