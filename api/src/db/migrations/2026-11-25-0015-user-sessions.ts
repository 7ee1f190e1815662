import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// Users as the admin manages them. `sessions_valid_after`: the instant before which every token of the user is
// refused (deactivation, "log out everywhere"), in the database so that every API instance refuses the same tokens
// at once. The last login lives in a table of its own: a login must not count as a change of the users, which
// would make every kept answer of the answer cache stale (app_user's writes are logged in data_change).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('sessions_valid_after', 'timestamptz').execute();
  await db.schema
    .createTable('user_login')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('app_user.id').onDelete('cascade'))
    .addColumn('last_login_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_login').execute();
  await db.schema.alterTable('app_user').dropColumn('sessions_valid_after').execute();
}
