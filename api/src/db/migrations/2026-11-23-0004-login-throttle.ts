import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Login attempts counted per key (an address and trigram pair, or an address alone) in a fixed window. One row
// per key, incremented by an upsert before the password is checked: the count is atomic on every instance, so
// parallel attempts cannot read the same count and all pass. Replaces the log of failures, which was read
// before the failure was recorded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.dropTable('login_attempt').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempt')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('trigram', 'varchar(3)', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempt_key_idx')
    .on('login_attempt')
    .columns(['trigram', 'ip', 'created_at'])
    .execute();
  await db.schema.dropTable('login_throttle').execute();
}
