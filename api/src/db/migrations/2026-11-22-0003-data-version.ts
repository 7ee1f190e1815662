import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The tables the cached answers (todos, standby lists) are built from.
const watched = ['app_user', 'company', 'contact', 'task', 'todo'];

// One counter of changes to the data the API's large answers are built from. Every statement that writes to a
// watched table, whoever runs it (the API, a script, psql), adds one to it in its own transaction: an answer
// built in a snapshot that saw counter n is exactly the answer for n, on every instance sharing the database.
// The trigger fires before the statement locks the rows it changes, so a writer takes this lock before them;
// writers then queue on it until their transaction ends, which the back office's short writes allow.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_version')
    .addColumn('id', 'boolean', (col) =>
      col
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into data_version (id, version) values (true, 0)`.execute(db);
  await sql`
    create function bump_data_version() returns trigger language plpgsql as $$
    begin
      update data_version set version = version + 1;
      return null;
    end
    $$`.execute(db);
  for (const table of watched) {
    await sql`
      create trigger ${sql.id(`${table}_data_version`)}
      before insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_data_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of watched)
    await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function bump_data_version()`.execute(db);
  await db.schema.dropTable('data_version').execute();
}
