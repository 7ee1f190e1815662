import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { needsSheetReference, toBusinessIsoDate, type NeedsSheet } from '@bo/contracts/all';
import { Migrator, sql } from 'kysely';
import { seedFixture, type Fixture } from '../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testEngines, type TestDatabase } from '../test/harness';
import { migrations } from './migrations';
import { lastReferenceNumber } from './needs-sheet-references';

const MIGRATION = '2026-11-27-0030-needs-sheet-reference-sequence';

// Migration 0030 on a database whose years were numbered by counter rows: each year's sequence goes on from its
// counter, or from its references' highest number when one was written past it; a year without a counter but with
// sheets goes on after them.
for (const engine of testEngines()) {
  describe(`migration 0030 (needs sheet reference sequences) on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    let migrator: Migrator;
    const year = Number(toBusinessIsoDate(new Date()).slice(0, 4));
    const names = Object.keys(migrations).sort();
    const previous = names[names.indexOf(MIGRATION) - 1];

    const counters = async () =>
      (
        await sql<{ year: number; last: number }>`select year, last from needs_sheet_counter order by year`.execute(
          database.db,
        )
      ).rows.map((row) => [row.year, row.last]);

    before(async () => {
      database = await createTestDatabase(engine);
      const { db } = database;
      fixture = await seedFixture(db);
      migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      assert.equal((await migrator.migrateTo(previous)).error, undefined);
      const { rows } = await sql<{
        id: number;
      }>`insert into needs_sheet_status (label, color) values ('Nouveau', '#123456') returning id`.execute(db);
      const addSheet = (reference: string) =>
        sql`insert into needs_sheet (reference, company_id, contact_id, title, seniority, contract_type, owner_id, received_date, deadline, status_id)
          values (${reference}, ${fixture.company}, ${fixture.active.COM}, 'Avant la migration', 'senior', 'regie', ${fixture.users.COM},
            '2025-09-01', '2025-09-11', ${rows[0].id})`.execute(db);
      // This year: its counter, ahead of its sheets (numbers taken by creations that failed).
      await sql`insert into needs_sheet_counter (year, last) values (${year}, 41), (${year - 1}, 7)`.execute(db);
      await addSheet(needsSheetReference(year, 40));
      // Last year: a reference written past its counter.
      await addSheet(needsSheetReference(year - 1, 9));
      // The year before: sheets, no counter.
      await addSheet(needsSheetReference(year - 2, 12));
      assert.equal((await migrator.migrateToLatest()).error, undefined);
    });
    after(() => database.close());

    it('replaces the counters by a sequence per year that goes on where the numbering stood', async () => {
      const { rows } = await sql<{
        counter: string | null;
      }>`select to_regclass('needs_sheet_counter')::text as counter`.execute(database.db);
      assert.equal(rows[0].counter, null);
      assert.deepEqual(
        await Promise.all(
          [year - 2, year - 1, year, year + 1].map((numbered) => lastReferenceNumber(database.db, numbered)),
        ),
        [12, 9, 41, 0],
      );
    });

    it('gives the next creation the number after this year’s counter', async () => {
      const app = await createTestApp(database.db);
      try {
        const answer = await call<NeedsSheet>(app, 'POST', '/need/store', {
          token: await login(app, 'COM'),
          fields: {
            companyId: fixture.company,
            contactId: fixture.active.COM,
            title: 'Après la migration',
            seniority: 'confirmed',
            contractType: 'regie',
            ownerId: fixture.users.COM,
          },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(answer.body.data?.reference, needsSheetReference(year, 42));
      } finally {
        await app.close();
      }
    });

    it('goes back to counters at their last numbers, and forward again to the same sequences', async () => {
      assert.equal((await migrator.migrateTo(previous)).error, undefined);
      assert.deepEqual(await counters(), [
        [year - 2, 12],
        [year - 1, 9],
        [year, 42],
      ]);
      assert.equal((await migrator.migrateToLatest()).error, undefined);
      assert.deepEqual(
        await Promise.all([year - 2, year - 1, year].map((numbered) => lastReferenceNumber(database.db, numbered))),
        [12, 9, 42],
      );
    });
  });
}
