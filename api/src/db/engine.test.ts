import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/harness';
import { prepared } from './prepared';

for (const engine of testEngines()) {
  describe(`database engine ${engine}`, () => {
    let database: TestDatabase;

    before(async () => {
      database = await createTestDatabase(engine);
    });
    after(async () => {
      await database.close();
    });

    it('returns DATE columns as yyyy-MM-dd text and timestamptz as Date', async () => {
      const result = await sql<{
        day: unknown;
        at: unknown;
      }>`select '2026-03-29'::date as day, '2026-03-29T01:30:00Z'::timestamptz as at`.execute(database.db);
      assert.equal(result.rows[0].day, '2026-03-29');
      assert.ok(result.rows[0].at instanceof Date);
      assert.equal((result.rows[0].at as Date).toISOString(), '2026-03-29T01:30:00.000Z');
    });

    it('keeps concurrent transactions apart', async () => {
      await sql`create table counter (n integer not null)`.execute(database.db);
      await sql`insert into counter values (0)`.execute(database.db);
      // Each transaction reads then writes after a pause; interleaving would lose increments.
      const increment = () =>
        database.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from counter for update`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await sql`update counter set n = ${rows[0].n + 1}`.execute(trx);
        });
      await Promise.all(Array.from({ length: 10 }, increment));
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(database.db);
      assert.equal(rows[0].n, 10);
    });

    it('prepares a named statement once per connection, each call answered with its own values', async () => {
      // One transaction: one connection.
      const { answers, names } = await database.db.transaction().execute(async (trx) => {
        const read = async (n: number) =>
          (await prepared('engine_test', sql<{ n: number }>`select ${n}::int as n`).execute(trx)).rows[0].n;
        const answers = [await read(1), await read(2), await read(3)];
        const names =
          engine === 'postgres'
            ? (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows.map(
                (row) => row.name,
              )
            : [];
        return { answers, names };
      });
      assert.deepEqual(answers, [1, 2, 3]);
      if (engine === 'postgres') assert.deepEqual(names, ['engine_test']);
      assert.throws(() => prepared('Not a name', sql`select 1`));
      // One text, one name: the connection finds the name by the text.
      assert.throws(() => prepared('engine_test_again', sql`select ${4}::int as n`));
    });

    it(
      'replaces a connection whose prepared statement a schema change made stale',
      { skip: engine !== 'postgres' },
      async () => {
        await sql`create table stale_probe (a integer)`.execute(database.db);
        await sql`insert into stale_probe values (1)`.execute(database.db);
        const read = () =>
          prepared('stale_probe', sql`select * from stale_probe`)
            .execute(database.db)
            .then(
              () => 'ok',
              (error: { code?: string }) => error.code,
            );
        assert.equal(await read(), 'ok');
        // Another instance's migration: the kept plan no longer gives the table's columns.
        await sql`alter table stale_probe add column b integer`.execute(database.db);
        const answers = [];
        for (let i = 0; i < 6; i += 1) answers.push(await read());
        // The connection that held the statement fails once and is replaced; it is not given out again.
        assert.ok(answers.filter((answer) => answer !== 'ok').length <= 1, answers.join());
        assert.deepEqual(answers.slice(1), ['ok', 'ok', 'ok', 'ok', 'ok']);
      },
    );

    it('rolls back a failed transaction', async () => {
      await assert.rejects(
        database.db.transaction().execute(async (trx) => {
          await sql`update counter set n = 100`.execute(trx);
          throw new Error('stop');
        }),
      );
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(database.db);
      assert.equal(rows[0].n, 10);
    });
  });
}
