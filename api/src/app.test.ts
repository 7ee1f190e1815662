import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { seedFixture } from './test/fixtures';
import {
  call,
  createTestApp,
  createTestDatabase,
  login,
  testConfig,
  testEngines,
  type TestDatabase,
} from './test/harness';

// Adds a public route that fails unexpectedly, to see what the error handler lets out.
async function appWithFailingRoute(database: TestDatabase, debug: boolean): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ debug }), db: database.db });
  app.get('/boom', { config: { public: true } }, async () => {
    throw new Error('connection string postgres://secret@db');
  });
  await app.ready();
  return app;
}

for (const engine of testEngines()) {
  describe(`protocol on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let token: string;

    before(async () => {
      database = await createTestDatabase(engine);
      await seedFixture(database.db);
      app = await createTestApp(database.db);
      token = await login(app, 'COM');
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('answers unknownCommand (404) for an unknown path, with or without a token', async () => {
      for (const options of [{}, { token }]) {
        const answer = await call(app, 'GET', '/nothing/here', options);
        assert.deepEqual([answer.status, answer.body], [404, { data: null, errors: [{ message: 'unknownCommand' }] }]);
      }
    });

    it('answers methodNotAllowed (405) for a known path with another method', async () => {
      const remove = await call(app, 'DELETE', '/todos', { token });
      assert.deepEqual([remove.status, remove.body.errors], [405, [{ message: 'methodNotAllowed' }]]);
      assert.match(String(remove.headers['server-timing']), /^app;dur=\d+\.\d$/);
      assert.equal(remove.headers.allow, 'GET');
      const getLogin = await call(app, 'GET', '/user/login');
      assert.deepEqual([getLogin.status, getLogin.body.errors], [405, [{ message: 'methodNotAllowed' }]]);
      const putStore = await call(app, 'PUT', '/todo/12/store', { token, json: {} });
      assert.equal(putStore.status, 405);
    });

    it('answers internalServerError without detail, and with it in debug only', async () => {
      const quiet = await appWithFailingRoute(database, false);
      const verbose = await appWithFailingRoute(database, true);
      try {
        const hidden = await call(quiet, 'GET', '/boom');
        assert.deepEqual(
          [hidden.status, hidden.body],
          [500, { data: null, errors: [{ message: 'internalServerError' }] }],
        );
        assert.ok(typeof hidden.headers['x-request-id'] === 'string');
        assert.match(String(hidden.headers['server-timing']), /^app;dur=\d+\.\d$/);
        const shown = await call(verbose, 'GET', '/boom');
        assert.equal(shown.status, 500);
        assert.deepEqual(shown.body.errors, [{ message: 'internalServerError' }]);
        assert.match(JSON.stringify(shown.body.debug), /connection string/);
      } finally {
        await quiet.close();
        await verbose.close();
      }
    });

    it('answers a CORS preflight for a configured origin only, and sends security headers', async () => {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/todo/1/store',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-request-id',
        },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:3000');
      assert.match(String(preflight.headers['access-control-allow-headers']), /authorization/);
      assert.match(String(preflight.headers['access-control-allow-headers']), /x-request-id/);
      const stranger = await app.inject({
        method: 'OPTIONS',
        url: '/todo/1/store',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      assert.equal(stranger.headers['access-control-allow-origin'], undefined);
      const answer = await call(app, 'GET', '/tasks', { token, headers: { origin: 'http://localhost:3000' } });
      assert.equal(answer.headers['access-control-expose-headers'], 'authorization, content-disposition, x-request-id');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.ok(answer.headers['strict-transport-security']);
      assert.ok(answer.headers['content-security-policy']);
    });

    it('serves the OpenAPI description and its browser at /docs without a token', async () => {
      const spec = await app.inject({ method: 'GET', url: '/docs/json' });
      assert.equal(spec.statusCode, 200);
      const document = spec.json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>();
      for (const endpoint of Object.values(endpoints)) {
        const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
        const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
        assert.ok(operation, `${endpoint.method} ${path} is documented`);
        assert.deepEqual(
          operation.security,
          endpoint.access === 'public' ? [] : [{ bearerAuth: [] }],
          `${path} security`,
        );
      }
      const page = await app.inject({ method: 'GET', url: '/docs' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /swagger/i);
      // Swagger UI styles its elements inline as it renders: allowed on these pages, scripts still strict.
      const policy = String(
        (await app.inject({ method: 'GET', url: '/docs/static/index.html' })).headers['content-security-policy'],
      );
      assert.match(policy, /style-src 'self' 'unsafe-inline';/);
      assert.match(policy, /script-src 'self'/);
      assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
    });

    it('accepts the wire forms of the client only: "0" is false, other strings are invalid', async () => {
      const zero = await call(app, 'GET', '/todos?onlyPending=0', { token });
      assert.equal(zero.status, 200);
      const word = await call(app, 'GET', '/todos?onlyPending=false2', { token });
      assert.deepEqual(word.body.errors, [{ message: 'dataInvalid', field: 'onlyPending' }]);
    });
  });
}
