import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// A needs sheet's number came from its year's counter row, raised inside the creating transaction: the row stayed
// locked until that transaction ended, so an instance paused in a creation stopped every other one. Each year now
// has a sequence, needs_sheet_reference_<year>, whose nextval waits on no transaction (the API creates a new year's
// at its first sheet). Each goes on from its counter, or from the highest number its year's references use if that
// is higher; the unique reference stays the last guard.
const numbered = '^needs_sheet_reference_[0-9]{4}$';

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ year: number; last: number }>`
    select year, max(last)::integer as last from (
      select year, last from needs_sheet_counter
      union all
      select split_part(reference, '-', 2)::integer, split_part(reference, '-', 3)::integer
      from needs_sheet where reference ~ '^[A-Z]+-[0-9]{4}-[0-9]{1,9}$'
    ) as numbers
    where year between 1000 and 9999
    group by year order by year`.execute(db);
  for (const { year, last } of rows) {
    const name = `needs_sheet_reference_${year}`;
    await sql`create sequence ${sql.id(name)} as integer minvalue 1`.execute(db);
    if (last > 0) await sql`select setval(${name}::regclass, ${last})`.execute(db);
  }
  await db.schema.dropTable('needs_sheet_counter').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('needs_sheet_counter')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('last', 'integer', (col) => col.notNull())
    .execute();
  const { rows } = await sql<{ name: string; last: number | null }>`
    select sequencename as name, last_value::integer as last from pg_sequences
    where schemaname = current_schema() and sequencename ~ ${numbered} order by sequencename`.execute(db);
  for (const { name, last } of rows) {
    if (last !== null)
      await sql`insert into needs_sheet_counter (year, last) values (${Number(name.slice(-4))}, ${last})`.execute(db);
    await sql`drop sequence ${sql.id(name)}`.execute(db);
  }
}
