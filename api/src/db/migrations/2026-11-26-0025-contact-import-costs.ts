import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// What an import of contacts paid for on every row.
// - The companies' active contact counts (migration 0013) kept by triggers that fire only when a count moves: an
//   update naming company_id without changing it (an import's update of a job title) no longer writes the company
//   twice, and an inactive contact's insert or delete (every contact an import creates) no longer calls the function.
// - The look-up of contacts by e-mail (lower(email) in 500 keys) read the whole table: the planner keeps no
//   statistics on a partial index's expression, guessed half the table and chose a sequential scan. Statistics of
//   their own on lower(email) let it use contact_email_idx.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create statistics contact_email_key_stats on (lower(email)) from contact`.execute(db);
  await sql`analyze contact`.execute(db);
  await sql`drop trigger contact_counts on contact`.execute(db);
  await sql`
    create trigger contact_counts_insert after insert on contact
    for each row when (new.is_active and new.company_id is not null) execute function company_count_contacts()`.execute(
    db,
  );
  await sql`
    create trigger contact_counts_update after update of company_id, is_active on contact
    for each row when (old.company_id is distinct from new.company_id or old.is_active <> new.is_active) execute function company_count_contacts()`.execute(
    db,
  );
  await sql`
    create trigger contact_counts_delete after delete on contact
    for each row when (old.is_active and old.company_id is not null) execute function company_count_contacts()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop statistics contact_email_key_stats`.execute(db);
  for (const trigger of ['contact_counts_insert', 'contact_counts_update', 'contact_counts_delete']) {
    await sql`drop trigger ${sql.id(trigger)} on contact`.execute(db);
  }
  await sql`
    create trigger contact_counts after insert or delete or update of company_id, is_active on contact
    for each row execute function company_count_contacts()`.execute(db);
}
