import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { taskSchema } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { roleTrigrams, seedFixture, type Fixture } from '../../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testEngines, type TestDatabase } from '../../test/harness';

for (const engine of testEngines()) {
  describe(`GET /tasks on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let fixture: Fixture;

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      app = await createTestApp(database.db);
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('lists the active task types, with their style, for every role', async () => {
      for (const trigram of roleTrigrams) {
        const answer = await call(app, 'GET', '/tasks', { token: await login(app, trigram) });
        assert.equal(answer.status, 200);
        assert.deepEqual(taskSchema.array().parse(answer.body.data), [
          {
            id: fixture.tasks.call,
            description: 'Appel de suivi',
            style: { backgroundColor: '#2563eb', borderColor: '#1e40af', color: '#ffffff' },
            isActive: true,
          },
          {
            id: fixture.tasks.mail,
            description: 'Relance email',
            style: { backgroundColor: '#f59e0b', borderColor: '#b45309', color: '#000000' },
            isActive: true,
          },
        ]);
      }
    });

    it('needs a token', async () => {
      const answer = await call(app, 'GET', '/tasks');
      assert.deepEqual([answer.status, answer.body], [401, { data: null, errors: [{ message: 'unauthorized' }] }]);
    });
  });
}
