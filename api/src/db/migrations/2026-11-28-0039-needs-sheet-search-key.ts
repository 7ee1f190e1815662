import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The search box (docs/search.md) finds a needs sheet by its title or reference, case and accents ignored, as the
// contacts and companies are found (migration 0010): a stored folded key, title first (the search box's best
// matches start with the text), and its trigram index for "contains".
const fold = (column: string) =>
  sql`translate(lower(${sql.raw(column)}), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table needs_sheet add column search_key text collate "C" generated always as
    (${fold("title || ' ' || reference")}) stored`.execute(db);
  await sql`create index needs_sheet_search_key_idx on needs_sheet using gin (search_key gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index needs_sheet_search_key_idx`.execute(db);
  await sql`alter table needs_sheet drop column search_key`.execute(db);
}
