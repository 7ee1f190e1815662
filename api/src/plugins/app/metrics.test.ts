import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { seedFixture } from '../../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testConfig, testEngines } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';

const TOKEN = 'metrics-token-of-the-monitoring-0123456789';

type Sample = { name: string; labels: Record<string, string>; value: number };

// Prometheus' text format, one sample a line: name{label="value",...} value.
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

// The value of the sample of that name whose labels include these (0 when there is none yet).
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

for (const engine of testEngines()) {
  describe(`metrics and request ids on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    const logLines: Record<string, unknown>[] = [];

    before(async () => {
      database = await createTestDatabase(engine);
      await seedFixture(database.db);
      const config = testConfig({
        metrics: { port: 0, host: '127.0.0.1', token: TOKEN },
        loginRateLimit: { maxFailures: 3, maxFailuresPerAddress: 100, windowSeconds: 900 },
      });
      app = await buildApp({
        config,
        db: database.db,
        logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
      });
      // A call that fails the way a bug would, to read its error line.
      app.get('/failing-call', { config: { public: true } }, async () => {
        throw new Error('a bug');
      });
      await app.ready();
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    const ownPort = () => `http://127.0.0.1:${(app.metricsServer?.address() as AddressInfo).port}`;
    const scrape = async () => {
      const response = await fetch(`${ownPort()}/metrics`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return parseMetrics(await response.text());
    };

    it('serves the metrics on their own port, with the process metrics', async () => {
      const samples = await scrape();
      assert.ok(valueOf(samples, 'process_resident_memory_bytes') > 0);
      assert.ok(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds'));
      assert.ok(samples.some((sample) => sample.name === 'process_cpu_seconds_total'));
      assert.equal((await fetch(`${ownPort()}/companies`)).status, 404);
      assert.equal((await fetch(`${ownPort()}/metrics`, { method: 'POST' })).status, 405);
    });

    it('serves them on the API port only to a caller sending the token', async () => {
      const without = await call(app, 'GET', '/metrics');
      assert.equal(without.status, 401);
      assert.deepEqual(without.body.errors, [{ message: 'unauthorized' }]);
      const wrong = await call(app, 'GET', '/metrics', { token: `Bearer ${TOKEN.slice(1)}x` });
      assert.equal(wrong.status, 403);
      assert.deepEqual(wrong.body.errors, [{ message: 'forbidden' }]);
      const right = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(right.statusCode, 200);
      assert.ok(parseMetrics(right.body).some((sample) => sample.name === 'bo_http_request_duration_seconds_count'));
    });

    it('has no /metrics at all when neither its port nor its token is set', async () => {
      const plain = await createTestApp(database.openAnother());
      try {
        const answer = await call(plain, 'GET', '/metrics', { token: `Bearer ${TOKEN}` });
        assert.equal(answer.status, 404);
        assert.deepEqual(answer.body.errors, [{ message: 'unknownCommand' }]);
        assert.equal(plain.metricsServer, null);
      } finally {
        await plain.close();
      }
    });

    it('counts a request under its route pattern and status, never its address', async () => {
      const token = await login(app, 'ADM');
      const companies = await call<{ items: { id: number }[] }>(app, 'GET', '/companies', { token });
      const id = companies.body.data?.items[0]?.id;
      assert.ok(id !== undefined);
      const route = { method: 'GET', route: '/company/:id' };
      const before = await scrape();
      assert.equal((await call(app, 'GET', `/company/${id}`, { token })).status, 200);
      assert.equal((await call(app, 'GET', '/company/999999', { token })).status, 404);
      assert.equal((await call(app, 'GET', '/no/such/path', { token })).status, 404);
      const samples = await scrape();
      const count = (labels: Record<string, string>) =>
        valueOf(samples, 'bo_http_request_duration_seconds_count', labels) -
        valueOf(before, 'bo_http_request_duration_seconds_count', labels);
      assert.equal(count({ ...route, status: '200' }), 1);
      assert.equal(count({ ...route, status: '404' }), 1);
      assert.equal(count({ method: 'GET', route: 'none', status: '404' }), 1);
      assert.ok(!samples.some((sample) => /\d/.test(sample.labels.route ?? '')));
    });

    it('counts failed logins and the lock-out past the attempt budget', async () => {
      const before = await scrape();
      const attempt = () =>
        call(app, 'POST', '/user/login', { fields: { trigram: 'COM', password: 'faux', save: true } });
      for (let i = 0; i < 3; i += 1) assert.equal((await attempt()).status, 401);
      assert.equal((await attempt()).status, 429);
      const inactive = await call(app, 'POST', '/user/login', {
        fields: { trigram: 'OFF', password: 'Mot-de-passe-test-1', save: true },
      });
      assert.equal(inactive.status, 403);
      const samples = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        valueOf(samples, name, labels) - valueOf(before, name, labels);
      assert.equal(delta('bo_login_failures_total', { endpoint: 'login', reason: 'credentials' }), 3);
      assert.equal(delta('bo_login_failures_total', { endpoint: 'login', reason: 'inactive' }), 1);
      assert.equal(delta('bo_login_lockouts_total', { endpoint: 'login' }), 1);
    });

    it('counts the answer cache’s misses and hits', async () => {
      const token = await login(app, 'DIR');
      const before = await scrape();
      const first = await call(app, 'GET', '/todos', { token });
      const second = await call(app, 'GET', '/todos', { token });
      assert.deepEqual([first.headers['x-cache'], second.headers['x-cache']], ['miss', 'hit']);
      const samples = await scrape();
      const delta = (outcome: string) =>
        valueOf(samples, 'bo_answer_cache_requests_total', { outcome }) -
        valueOf(before, 'bo_answer_cache_requests_total', { outcome });
      assert.deepEqual([delta('miss'), delta('hit')], [1, 1]);
    });

    it('times an export and an import by kind', async () => {
      const token = await login(app, 'ADM');
      const exported = await app.inject({ method: 'GET', url: '/companies/export', headers: { authorization: token } });
      assert.equal(exported.statusCode, 200);
      const form = new FormData();
      form.append('file', new Blob(['Raison sociale;Ville\r\nAlpha;Lyon\r\n'], { type: 'text/csv' }), 'import.csv');
      form.append('onExisting', 'skip');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const checked = await app.inject({
        method: 'POST',
        url: '/import/companies/check',
        headers: { authorization: token, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      assert.equal(checked.statusCode, 200, checked.body);
      const samples = await scrape();
      const exports = { kind: 'exportCompanies', outcome: 'ok' };
      assert.equal(valueOf(samples, 'bo_export_duration_seconds_count', exports), 1);
      assert.ok(valueOf(samples, 'bo_export_duration_seconds_sum', exports) > 0);
      const imports = { kind: 'checkCompanyImport', outcome: 'ok' };
      assert.equal(valueOf(samples, 'bo_import_duration_seconds_count', imports), 1);
    });

    it('reports the database pool on PostgreSQL, and no pool on PGlite', async () => {
      const samples = await scrape();
      const names = ['bo_db_pool_connections_in_use', 'bo_db_pool_connections_idle', 'bo_db_pool_waiting_clients'];
      for (const name of names)
        assert.equal(
          samples.some((sample) => sample.name === name),
          engine === 'postgres',
        );
      if (engine === 'postgres') assert.ok(valueOf(samples, 'bo_db_pool_connections_idle') >= 1);
    });

    it('keeps the caller’s request id, sends it back and writes it on every line of the request', async () => {
      const answer = await call(app, 'GET', '/health', { headers: { 'x-request-id': '7F3K2' } });
      assert.equal(answer.headers['x-request-id'], '7F3K2');
      const lines = logLines.filter((line) => line.reqId === '7F3K2');
      assert.deepEqual(
        lines.map((line) => line.msg),
        ['incoming request', 'request completed'],
      );
    });

    it('makes its own id when the caller’s is missing or malformed', async () => {
      for (const sent of [undefined, 'abc12', '7F3', 'X'.repeat(17), '7F3K2;x']) {
        const answer = await app.inject({
          method: 'GET',
          url: '/health',
          headers: sent === undefined ? {} : { 'x-request-id': sent },
        });
        const id = String(answer.headers['x-request-id']);
        assert.match(id, /^[0-9A-HJKMNP-TV-Z]{12}$/);
        assert.notEqual(id, sent);
      }
    });

    it('writes the request id on the error line of a 500', async () => {
      const answer = await call(app, 'GET', '/failing-call', { headers: { 'x-request-id': 'BUG42' } });
      assert.equal(answer.status, 500);
      assert.deepEqual(answer.body.errors, [{ message: 'internalServerError' }]);
      assert.equal(answer.headers['x-request-id'], 'BUG42');
      const error = logLines.find((line) => line.reqId === 'BUG42' && line.level === 50);
      assert.ok(error !== undefined);
      assert.equal(error.msg, 'unhandled error');
      assert.equal((error.err as { message: string }).message, 'a bug');
    });
  });
}
