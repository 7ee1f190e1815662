import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/harness';

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
      const result = await sql<{ day: unknown; at: unknown }>`select '2026-03-29'::date as day, '2026-03-29T01:30:00Z'::timestamptz as at`.execute(database.db);
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
