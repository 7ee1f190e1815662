import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { seedFixture, type Fixture } from '../test/fixtures';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/harness';
import { migrations } from './migrations';

// Migration 0020 on a database that already has needs sheets: which statuses fill a sheet, and the statuses each
// sheet entered, read back from its history (statuses named then as now) or, failing that, its current one.
for (const engine of testEngines()) {
  describe(`migration 0020 (needs sheet outcomes) on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    const status: Record<string, number> = {};
    const sheet: Record<string, number> = {};

    before(async () => {
      database = await createTestDatabase(engine);
      const { db } = database;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('2026-11-25-0019-user-session-list');
      assert.equal(down.error, undefined);
      // The fixtures write contacts as today's schema takes them, their state left to its default (migration 0029).
      await sql`alter table contact alter column is_active set default false`.execute(db);
      fixture = await seedFixture(db);
      for (const [label, closes] of [
        ['Nouveau', false],
        ['En cours', false],
        ['Pourvu', true],
        ['Pourvue en interne', true],
        ['Pourvu bientôt', false],
        ['Perdu', true],
      ] as const) {
        const { rows } = await sql<{
          id: number;
        }>`insert into needs_sheet_status (label, color, closes) values (${label}, '#123456', ${closes}) returning id`.execute(
          db,
        );
        status[label] = rows[0].id;
      }
      const addSheet = async (key: string, current: string, createdAt: string) => {
        const { rows } = await sql<{ id: number }>`
          insert into needs_sheet (reference, company_id, contact_id, title, seniority, contract_type, owner_id, received_date, deadline, status_id, created_at)
          values (${`BES-2025-${Object.keys(sheet).length + 1}`}, ${fixture.company}, ${fixture.active.COM}, ${key}, 'senior', 'regie',
            ${fixture.users.COM}, '2025-09-01', '2025-09-11', ${status[current]}, ${createdAt})
          returning id`.execute(db);
        sheet[key] = rows[0].id;
      };
      const story = (key: string, action: string, changes: unknown, at: string, user = fixture.users.COM) =>
        sql`insert into history (entity, entity_id, action, changes, user_id, created_at)
          values ('needsSheet', ${sheet[key]}, ${action}, ${JSON.stringify(changes)}, ${user}, ${at})`.execute(db);
      // Told by its history from its creation to its last status.
      await addSheet('told', 'Pourvu', '2025-09-01T08:00:00Z');
      await story(
        'told',
        'create',
        { reference: { to: 'BES-2025-1' }, status: { to: 'Nouveau' } },
        '2025-09-01T08:00:00Z',
      );
      await story('told', 'update', { title: { from: 'x', to: 'told' } }, '2025-09-02T08:00:00Z');
      await story(
        'told',
        'status',
        { status: { from: 'Nouveau', to: 'EN COURS' }, comment: { to: 'Casse ignorée' } },
        '2025-09-03T08:00:00Z',
        fixture.users.REC,
      );
      await story('told', 'status', { comment: { to: 'Un commentaire seul' } }, '2025-09-04T08:00:00Z');
      await story('told', 'status', { status: { from: 'En cours', to: 'Pourvu' } }, '2025-09-05T08:00:00Z');
      // Written without a history (the demo's sheets): its current status, from its creation.
      await addSheet('silent', 'Perdu', '2025-09-06T08:00:00Z');
      // Its last status was renamed since: the history does not end on the current one, which counts from the last
      // status change.
      await addSheet('renamed', 'En cours', '2025-09-07T08:00:00Z');
      await story('renamed', 'create', { status: { to: 'Nouveau' } }, '2025-09-07T08:00:00Z');
      await story('renamed', 'status', { status: { from: 'Nouveau', to: 'Ancien nom' } }, '2025-09-08T08:00:00Z');

      const up = await migrator.migrateToLatest();
      assert.equal(up.error, undefined);
    });
    after(() => database.close());

    it('makes the closing statuses named "Pourvu…" fill a sheet, and no other', async () => {
      const rows = await database.db
        .selectFrom('needs_sheet_status')
        .select(['label', 'fills'])
        .orderBy('id')
        .execute();
      assert.deepEqual(
        rows.map((row) => [row.label, row.fills]),
        [
          ['Nouveau', false],
          ['En cours', false],
          ['Pourvu', true],
          ['Pourvue en interne', true],
          ['Pourvu bientôt', false],
          ['Perdu', false],
        ],
      );
      const refused = await sql`update needs_sheet_status set fills = true where id = ${status.Nouveau}`
        .execute(database.db)
        .then(
          () => 'accepted',
          () => 'refused',
        );
      assert.equal(refused, 'refused', 'an open status cannot fill a sheet');
    });

    it('gives each sheet the statuses it entered, from its history or its current status', async () => {
      const rows = await database.db
        .selectFrom('needs_sheet_status_change as c')
        .leftJoin('history as h', 'h.id', 'c.history_id')
        .select(['c.needs_sheet_id', 'c.status_id', 'c.changed_at', 'c.user_id', 'h.action'])
        .orderBy('c.needs_sheet_id')
        .orderBy('c.changed_at')
        .execute();
      const { users } = fixture;
      assert.deepEqual(
        rows.map((row) => [row.needs_sheet_id, row.status_id, row.changed_at.toISOString(), row.user_id, row.action]),
        [
          [sheet.told, status.Nouveau, '2025-09-01T08:00:00.000Z', users.COM, 'create'],
          [sheet.told, status['En cours'], '2025-09-03T08:00:00.000Z', users.REC, 'status'],
          [sheet.told, status.Pourvu, '2025-09-05T08:00:00.000Z', users.COM, 'status'],
          [sheet.silent, status.Perdu, '2025-09-06T08:00:00.000Z', null, null],
          [sheet.renamed, status.Nouveau, '2025-09-07T08:00:00.000Z', users.COM, 'create'],
          [sheet.renamed, status['En cours'], '2025-09-08T08:00:00.000Z', null, null],
        ],
      );
    });
  });
}
