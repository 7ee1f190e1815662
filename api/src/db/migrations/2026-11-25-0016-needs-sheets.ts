import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

const fold = (column: string) =>
  sql`translate(lower(${sql.raw(column)}), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')`;

// Needs sheets: statuses an admin manages, models that pre-fill a sheet, the sheets with their
// recruiters, a per-year counter for their references, and a French full-text vector.
export async function up(db: Kysely<any>): Promise<void> {
  // French stemming with accents ignored, on both engines (PGlite loads unaccent too): "developpeurs" finds
  // "Développeur". The same configuration builds the vectors, parses the queries and highlights the snippets.
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create text search configuration bo_french (copy = french)`.execute(db);
  await sql`alter text search configuration bo_french alter mapping for hword, hword_part, word with unaccent, french_stem`.execute(
    db,
  );

  await db.schema
    .createTable('needs_sheet_status')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('label', 'varchar(60)', (col) => col.notNull())
    .addColumn('color', 'varchar(7)', (col) => col.notNull().check(sql`color ~ '^#[0-9a-f]{6}$'`))
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('closes', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await sql`create unique index needs_sheet_status_label_key on needs_sheet_status (${fold('label')})`.execute(db);

  await db.schema
    .createTable('needs_sheet_model')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'varchar(150)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('skills', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('seniority', 'varchar(20)')
    .addColumn('contract_type', 'varchar(20)')
    .addColumn('delay_days', 'integer', (col) => col.notNull().defaultTo(10))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  // Two models never share a title, case and accents ignored (existingTitle).
  await sql`create unique index needs_sheet_model_title_key on needs_sheet_model (${fold('title')})`.execute(db);

  // One row per year: its last number, raised by one atomic upsert in the creating transaction (never max() + 1).
  await db.schema
    .createTable('needs_sheet_counter')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('last', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('needs_sheet')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reference', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('company_id', 'integer', (col) => col.notNull().references('company.id'))
    .addColumn('contact_id', 'integer', (col) => col.notNull().references('contact.id'))
    .addColumn('title', 'varchar(150)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('skills', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('nice_to_have', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('seniority', 'varchar(20)', (col) => col.notNull())
    .addColumn('place', 'varchar(150)')
    .addColumn('remote_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('start_date', 'date')
    .addColumn('duration_months', 'integer')
    .addColumn('contract_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('rate_min', 'integer')
    .addColumn('rate_max', 'integer')
    .addColumn('positions', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('positions_filled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('priority', 'varchar(10)', (col) => col.notNull().defaultTo('normal'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('app_user.id'))
    .addColumn('model_id', 'integer', (col) => col.references('needs_sheet_model.id'))
    .addColumn('received_date', 'date', (col) => col.notNull())
    .addColumn('deadline', 'date', (col) => col.notNull())
    .addColumn('status_id', 'integer', (col) => col.notNull().references('needs_sheet_status.id'))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('search_vector', sql`tsvector`, (col) => col.notNull().defaultTo(sql`''::tsvector`))
    .execute();

  // The title weighs most, then the skills, then the description (the ranking of a search).
  await sql`
    create function needs_sheet_search_vector() returns trigger language plpgsql as $$
    begin
      new.search_vector :=
        setweight(to_tsvector('bo_french', new.title), 'A')
        || setweight(to_tsvector('bo_french', array_to_string(new.skills, ' ') || ' ' || array_to_string(new.nice_to_have, ' ')), 'B')
        || setweight(to_tsvector('bo_french', new.description), 'C');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger needs_sheet_search before insert or update of title, description, skills, nice_to_have on needs_sheet
    for each row execute function needs_sheet_search_vector()`.execute(db);
  await sql`create index needs_sheet_search_idx on needs_sheet using gin (search_vector)`.execute(db);

  await db.schema
    .createTable('needs_sheet_recruiter')
    .addColumn('needs_sheet_id', 'integer', (col) => col.notNull().references('needs_sheet.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.id'))
    .addPrimaryKeyConstraint('needs_sheet_recruiter_pkey', ['needs_sheet_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('needs_sheet_recruiter_user_idx')
    .on('needs_sheet_recruiter')
    .columns(['user_id', 'needs_sheet_id'])
    .execute();

  // The list's filters and default orders.
  await db.schema.createIndex('needs_sheet_deadline_idx').on('needs_sheet').columns(['deadline', 'id']).execute();
  await db.schema.createIndex('needs_sheet_owner_idx').on('needs_sheet').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('needs_sheet_company_idx').on('needs_sheet').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('needs_sheet_status_idx').on('needs_sheet').columns(['status_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('needs_sheet_recruiter').execute();
  await db.schema.dropTable('needs_sheet').execute();
  await sql`drop function needs_sheet_search_vector()`.execute(db);
  await db.schema.dropTable('needs_sheet_counter').execute();
  await db.schema.dropTable('needs_sheet_model').execute();
  await db.schema.dropTable('needs_sheet_status').execute();
  await sql`drop text search configuration bo_french`.execute(db);
}
