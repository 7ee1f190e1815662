import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The standby lists read every contact en veille in name order. This partial index holds them already sorted
// by the query's keys (accent- and case-insensitive, "C" collation, then id) and carries every column the lists
// show: an index-only scan, no sort. The translate() literals must stay those of the query
// (repositories/mapping.ts) for the planner to match the expressions.
const lastNameKey = sql`(translate(lower(last_name), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa') collate "C")`;
const firstNameKey = sql`(translate(lower(first_name), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa') collate "C")`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index contact_standby_sorted_idx on contact (${lastNameKey}, ${firstNameKey}, id)
    include (title, first_name, last_name, job_title, owner_id, company_id, is_active)
    where not is_active`.execute(db);
  // An admin's calendar covers every owner: without a deadline-first index, a month of all todos is a scan of
  // the whole table (the owner-first indexes serve one owner or a team).
  await db.schema
    .createIndex('todo_active_deadline_idx')
    .on('todo')
    .column('deadline')
    .where(sql<boolean>`is_active`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('todo_active_deadline_idx').execute();
  await db.schema.dropIndex('contact_standby_sorted_idx').execute();
}
