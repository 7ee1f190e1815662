import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HistoryEntry, ListPage, TaskType } from '@bo/contracts/all';
import { Migrator, sql } from 'kysely';
import { seedFixture, type Fixture } from '../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testEngines, type TestDatabase } from '../test/harness';
import { migrations } from './migrations';

const MIGRATION = '2026-11-27-0033-readable-task-colours';

// Migration 0033 on task types saved before their text had to read on their background: the unreadable ones get
// black or white text, whichever reads better, and say so in their history; the others are left as they were.
for (const engine of testEngines()) {
  describe(`migration 0033 (readable task colours) on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    const ids: Record<string, number> = {};
    const names = Object.keys(migrations).sort();
    const previous = names[names.indexOf(MIGRATION) - 1];

    before(async () => {
      database = await createTestDatabase(engine);
      const { db } = database;
      fixture = await seedFixture(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      assert.equal((await migrator.migrateTo(previous)).error, undefined);
      const add = async (description: string, background: string, text: string) => {
        const { rows } = await sql<{ id: number }>`insert into task (description, background_color, border_color, color)
          values (${description}, ${background}, '#115e59', ${text}) returning id`.execute(db);
        ids[description] = rows[0].id;
      };
      await add('Même couleur', '#0f766e', '#0f766e');
      await add('Blanc sur crème', '#fef3c7', '#ffffff');
      await add('Lisible', '#0f766e', '#ffffff');
      assert.equal((await migrator.migrateToLatest()).error, undefined);
    });
    after(() => database.close());

    it('writes black or white text on the unreadable types, whichever reads better, and leaves the readable ones', async () => {
      const app = await createTestApp(database.db);
      try {
        const token = await login(app, 'ADM');
        const types = (await call<TaskType[]>(app, 'GET', '/admin/tasks', { token })).body.data!;
        const colours = (description: string) => types.find((type) => type.id === ids[description])?.style;
        assert.deepEqual(colours('Même couleur'), {
          backgroundColor: '#0f766e',
          borderColor: '#115e59',
          color: '#ffffff',
        });
        assert.deepEqual(colours('Blanc sur crème'), {
          backgroundColor: '#fef3c7',
          borderColor: '#115e59',
          color: '#000000',
        });
        assert.deepEqual(colours('Lisible'), { backgroundColor: '#0f766e', borderColor: '#115e59', color: '#ffffff' });
        // The fixture's retired grey type: white on #777777 read 4.47:1, black reads better.
        assert.equal(types.find((type) => type.id === fixture.tasks.retired)?.style.color, '#000000');

        const story = async (description: string) =>
          (await call<ListPage<HistoryEntry>>(app, 'GET', `/admin/task/${ids[description]}/history`, { token })).body
            .data!.items;
        const [repair] = await story('Même couleur');
        assert.deepEqual(
          [repair.action, repair.user, repair.changes],
          ['update', null, { color: { from: '#0f766e', to: '#ffffff' } }],
        );
        assert.deepEqual(await story('Lisible'), []);
      } finally {
        await app.close();
      }
    });
  });
}
