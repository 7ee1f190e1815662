import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// CSV imports: each import, the rows it created or updated (with the values an update replaced, so
// that an undo can restore them), and the import's id on its history entries.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_batch')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(sql`kind in ('companies', 'contacts')`))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('restrict'))
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    // The last history entry the import wrote: a later entry on one of its rows is a change since the import.
    .addColumn('last_history_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('undone_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('import_batch_user_idx').on('import_batch').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('import_item')
    .addColumn('import_id', 'integer', (col) => col.notNull().references('import_batch.id').onDelete('cascade'))
    .addColumn('entity', 'varchar(20)', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('action', 'varchar(10)', (col) => col.notNull().check(sql`action in ('create', 'update')`))
    // An update: the columns it replaced, as they were.
    .addColumn('before', 'jsonb')
    .addPrimaryKeyConstraint('import_item_pkey', ['import_id', 'entity', 'entity_id'])
    .execute();
  await db.schema
    .alterTable('history')
    .addColumn('import_id', 'integer', (col) => col.references('import_batch.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('history').dropColumn('import_id').execute();
  await db.schema.dropTable('import_item').execute();
  await db.schema.dropTable('import_batch').execute();
}
