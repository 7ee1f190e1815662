import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Case and accents folded the way the repositories fold them (repositories/mapping.ts): the literals must stay
// those of the queries for the planner to match the expressions.
const fold = (column: string) =>
  sql`translate(lower(${sql.raw(column)}), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')`;

export async function up(db: Kysely<any>): Promise<void> {
  // Trigram indexes make "contains" searches (like '%x%') index scans on both engines (PGlite loads the extension).
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .alterTable('company')
    .addColumn('phone', 'varchar(13)', (col) => col.check(sql`phone ~ '^0033[1-9][0-9]{8}$'`))
    .addColumn('website', 'varchar(255)')
    .execute();
  // What a company search looks in: its name, its SIRET and its city, folded.
  await sql`
    alter table company add column search_key text generated always as
    (${fold("name || ' ' || registration_id || ' ' || coalesce(city, '')")}) stored`.execute(db);
  await sql`create index company_search_idx on company using gin (search_key gin_trgm_ops)`.execute(db);
  // Two companies never share a name, case and accents ignored (existingName); the index keeps it true whatever
  // the concurrency; the second serves the name order.
  await sql`create unique index company_folded_name_key on company (${fold('name')})`.execute(db);
  await sql`create index company_name_sort_idx on company ((${fold('name')} collate "C"), id)`.execute(db);

  // What a contact search looks in: names, e-mail and phone digits (the company's name is searched apart).
  await sql`
    alter table contact add column search_key text generated always as
    (${fold("first_name || ' ' || last_name || ' ' || coalesce(email, '')")} || ' ' || coalesce(phone, '')) stored`.execute(
    db,
  );
  await sql`create index contact_search_idx on contact using gin (search_key gin_trgm_ops)`.execute(db);
  // The contacts list's default order: by name, accents and case ignored.
  await sql`create index contact_name_sort_idx on contact ((${fold('last_name')} collate "C"), (${fold('first_name')} collate "C"), id)`.execute(
    db,
  );
  // Duplicate checks: same e-mail, same phone.
  await sql`create index contact_email_idx on contact (lower(email)) where email is not null`.execute(db);
  await sql`create index contact_phone_idx on contact (phone) where phone is not null`.execute(db);
  await sql`create index company_owner_idx on company (owner_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'company_owner_idx',
    'contact_phone_idx',
    'contact_email_idx',
    'contact_name_sort_idx',
    'contact_search_idx',
    'company_name_sort_idx',
    'company_folded_name_key',
    'company_search_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('contact').dropColumn('search_key').execute();
  await db.schema.alterTable('company').dropColumn('search_key').dropColumn('website').dropColumn('phone').execute();
}
