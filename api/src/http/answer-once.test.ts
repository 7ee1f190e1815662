import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { seedFixture, type Fixture } from '../test/fixtures';
import { createTestDatabase, login, testConfig, testEngines, type TestDatabase } from '../test/harness';

type LogLine = {
  level: number;
  msg?: string;
  res?: { statusCode?: number };
  err?: { code?: string; statusCode?: number };
};

// A call that sends its answer itself (a CSV file streamed from the database, an answer from the cache) answers
// once: no second answer refused by Fastify, which it logs as a 500 and which an alert on 500s would count.
for (const engine of testEngines()) {
  describe(`answers sent by the handler itself on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let fixture: Fixture;
    let token: string;
    const log: LogLine[] = [];

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n')) if (line !== '') log.push(JSON.parse(line) as LogLine);
          done();
        },
      });
      app = await buildApp({ config: testConfig(), db: database.db, logger: { level: 'info', stream } });
      await app.ready();
      token = await login(app, 'ADM');
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('logs no second answer, no warning and no 500 for the exports and the cached lists', async () => {
      const urls = [
        '/companies/export',
        '/contacts/export',
        '/needs/export',
        `/reports/history/export?companyId=${fixture.company}`,
        '/reports/directory/export',
        '/reports/tasks/export?from=2026-01-01&to=2026-12-31&groupBy=user',
        '/reports/stats/export?from=2026-01-01&to=2026-12-31',
        '/todos',
        '/todos',
        '/user/contacts/standby',
      ];
      for (const url of urls) {
        const answer = await app.inject({ method: 'GET', url, headers: { authorization: token } });
        assert.equal(answer.statusCode, 200, `${url}: ${answer.body.slice(0, 200)}`);
      }
      // The last lines of a streamed answer are written once its stream has ended.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const completed = log.filter((line) => line.msg === 'request completed');
      assert.ok(completed.length >= urls.length, `${completed.length} requests logged`);
      assert.deepEqual(
        log.filter((line) => line.level >= 40 || line.res?.statusCode === 500 || line.err !== undefined),
        [],
      );
    });
  });
}
