import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// One row per open session (the `sid` every token of the session carries), so that a user sees their sessions
// (device, created, last seen) and ends one. A token is valid only while its session row exists and is not ended:
// the row replaces the list of revoked sessions, and the auth query reads it with the user, as it read that list.
// Tokens issued before this migration have no row: their users log in once more.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_session')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sid', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('user_agent', 'varchar(512)', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_session_user_idx')
    .on('user_session')
    .columns(['user_id', 'last_seen_at'])
    .execute();
  await db.schema.dropTable('revoked_session').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_session')
    .addColumn('sid', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revoked_session_expires_idx').on('revoked_session').column('expires_at').execute();
  await db.schema.dropTable('user_session').execute();
}
