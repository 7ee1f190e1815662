import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// A user's private calendar feed: the SHA-256 of its token, never the token (the URL is shown once). One feed a
// user: regenerating replaces the row, so the old URL stops at once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feed')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feed').execute();
}
