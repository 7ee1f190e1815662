import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

const shared = ['app_user', 'company', 'contact', 'task'];

// Replaces the one data_version row, which every writer locked until it committed (a stalled instance stopped
// the writes of all others), by an append-only log that no writer locks: each statement writing to a watched
// table inserts a row in its own transaction, a todo statement one per owner it touched. A version is the sum
// of the weights of the rows a reader's snapshot sees, for the tables and owners an answer depends on: it
// grows with every committed change, and is read in the same snapshot as the answer. The API folds old rows
// into one per table and owner now and then, keeping every sum.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of [...shared, 'todo'])
    await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function bump_data_version()`.execute(db);
  await db.schema.dropTable('data_version').execute();

  await db.schema
    .createTable('data_change')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tbl', 'text', (col) => col.notNull())
    // The owner of the todos changed; null: every owner (a truncate) or a table without owners.
    .addColumn('owner_id', 'integer')
    .addColumn('weight', 'bigint', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('data_change_tbl_owner_idx').on('data_change').columns(['tbl', 'owner_id']).execute();

  await sql`
    create function log_data_change() returns trigger language plpgsql as $$
    begin
      insert into data_change (tbl) values (tg_table_name);
      return null;
    end
    $$`.execute(db);
  for (const table of shared) {
    await sql`
      create trigger ${sql.id(`${table}_data_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function log_data_change()`.execute(db);
  }

  // Todos: one row per owner whose todos the statement changed (before and after, for an update).
  await sql`
    create function log_todo_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into data_change (tbl, owner_id) select distinct 'todo', owner_id from new_rows;
      elsif tg_op = 'UPDATE' then
        insert into data_change (tbl, owner_id)
          select distinct 'todo', owner_id from (select owner_id from new_rows union select owner_id from old_rows) as owners;
      elsif tg_op = 'DELETE' then
        insert into data_change (tbl, owner_id) select distinct 'todo', owner_id from old_rows;
      else
        insert into data_change (tbl) values ('todo');
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger todo_insert_data_change after insert on todo referencing new table as new_rows
    for each statement execute function log_todo_change()`.execute(db);
  await sql`create trigger todo_update_data_change after update on todo referencing old table as old_rows new table as new_rows
    for each statement execute function log_todo_change()`.execute(db);
  await sql`create trigger todo_delete_data_change after delete on todo referencing old table as old_rows
    for each statement execute function log_todo_change()`.execute(db);
  await sql`create trigger todo_truncate_data_change after truncate on todo
    for each statement execute function log_todo_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['todo_insert', 'todo_update', 'todo_delete', 'todo_truncate']) {
    await sql`drop trigger ${sql.id(`${trigger}_data_change`)} on todo`.execute(db);
  }
  for (const table of shared)
    await sql`drop trigger ${sql.id(`${table}_data_change`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function log_todo_change()`.execute(db);
  await sql`drop function log_data_change()`.execute(db);
  await db.schema.dropTable('data_change').execute();

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
  for (const table of [...shared, 'todo']) {
    await sql`
      create trigger ${sql.id(`${table}_data_version`)}
      before insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_data_version()`.execute(db);
  }
}
