import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Task types get a display order (the admin drags them); predefined phrases are offered in every notes field.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('task')
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update task set display_order = id`.execute(db);
  // Two types never share a description, case ignored (existingTitle).
  await sql`create unique index task_description_folded_key on task (lower(description))`.execute(db);

  await db.schema
    .createTable('phrase')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('category', 'varchar(100)', (col) => col.notNull())
    .addColumn('text', 'varchar(2000)', (col) => col.notNull())
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index phrase_text_folded_key on phrase (lower(category), lower(text))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phrase').execute();
  await db.schema.dropIndex('task_description_folded_key').execute();
  await db.schema.alterTable('task').dropColumn('display_order').execute();
}
