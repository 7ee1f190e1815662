import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

// A contact's next todo (the pending one due first) and last todo (the accomplished one done last), as the
// contacts list shows and sorts them: one index read each, with what the list shows of them, for 20 rows of a
// page or 100 000 of an export.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index todo_contact_next_idx on todo (contact_id, deadline, id) include (task_id)
    where is_active and not is_accomplished`.execute(db);
  await sql`
    create index todo_contact_last_idx on todo (contact_id, execution_date desc, id desc) include (deadline, task_id)
    where is_active and is_accomplished`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index todo_contact_last_idx`.execute(db);
  await sql`drop index todo_contact_next_idx`.execute(db);
}
