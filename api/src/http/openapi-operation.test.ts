import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpointPath, endpoints, type ListedEndpoint } from '@bo/contracts/all';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyInstance } from 'fastify';
import { seedFixture } from '../test/fixtures';
import { call, createTestApp, createTestDatabase, testEngines, type TestDatabase } from '../test/harness';

type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref?: string } }>;
};
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; description?: string }>;
  responses: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

// Fastify-style path to OpenAPI's: /todo/:id/store -> /todo/{id}/store
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const table = Object.entries(endpoints) as [string, ListedEndpoint][];

for (const engine of testEngines()) {
  describe(`the OpenAPI description on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let source: string;
    let document: Document;
    const operationOf = (endpoint: ListedEndpoint): Operation => {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      assert.ok(operation, `${endpoint.method} ${endpoint.path} is documented`);
      return operation;
    };

    before(async () => {
      database = await createTestDatabase(engine);
      await seedFixture(database.db);
      app = await createTestApp(database.db);
      const answer = await app.inject({ method: 'GET', url: '/docs/json' });
      assert.equal(answer.statusCode, 200);
      source = answer.body;
      document = answer.json();
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it("passes Redocly's recommended rules with no error", async () => {
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
      const errors = problems.filter((problem) => problem.severity === 'error');
      assert.deepEqual(
        errors.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`),
        [],
      );
      // What the recommended rules only warn of is met too: an id and a 4xx answer on every operation.
      assert.deepEqual(
        problems.filter((problem) => problem.ruleId.startsWith('operation-')),
        [],
      );
    });

    it('names every operation once, by its name in the endpoint table', () => {
      const ids = Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).map((operation) => operation.operationId),
      );
      assert.equal(ids.length, table.length);
      assert.equal(new Set(ids).size, ids.length, 'operation ids are unique');
      for (const [name, endpoint] of table) assert.equal(operationOf(endpoint).operationId, name);
    });

    it('gives each file answer its content type, and the envelope to every other success', () => {
      const files = table.filter(([, endpoint]) => endpoint.produces !== undefined);
      assert.equal(files.length, 10);
      for (const [name, endpoint] of table) {
        assert.deepEqual(
          Object.keys(operationOf(endpoint).responses['200'].content ?? {}),
          [endpoint.produces ?? 'application/json'],
          name,
        );
      }
      assert.deepEqual(Object.keys(document.paths['/contact/{id}/vcard'].get.responses['200'].content ?? {}), [
        'text/vcard',
      ]);
      assert.deepEqual(Object.keys(document.paths['/ical/{file}'].get.responses['200'].content ?? {}), [
        'text/calendar',
      ]);
      assert.deepEqual(Object.keys(document.paths['/contacts/export'].get.responses['200'].content ?? {}), [
        'text/csv',
      ]);
      // The event stream: a stream, with no fresh token (it keeps no session alive).
      const events = document.paths['/events'].get.responses['200'];
      assert.deepEqual(Object.keys(events.content ?? {}), ['text/event-stream']);
      assert.equal((events as { headers?: unknown }).headers, undefined);
    });

    it('says security [] on the public calls and the bearer token on the others', () => {
      assert.deepEqual(document.paths['/user/login'].post.security, []);
      assert.deepEqual(document.paths['/ical/{file}'].get.security, []);
      for (const [name, endpoint] of table) {
        assert.deepEqual(
          operationOf(endpoint).security,
          endpoint.access === 'public' ? [] : [{ bearerAuth: [] }],
          name,
        );
      }
    });

    it('documents each refusal in the error envelope, with its codes', () => {
      for (const [name, endpoint] of table) {
        const refusals = Object.entries(operationOf(endpoint).responses).filter(([status]) => status.startsWith('4'));
        assert.ok(refusals.length > 0, `${name} has a 4xx`);
        for (const [status, response] of refusals) {
          assert.deepEqual(
            response.content,
            { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
            `${name} ${status}`,
          );
        }
      }
      const statuses = (path: string, method: string) => Object.keys(document.paths[path][method].responses);
      assert.deepEqual(statuses('/user/login', 'post'), ['200', '401', '403', '413', '415', '422', '429']);
      assert.deepEqual(statuses('/tasks', 'get'), ['200', '401', '403']);
      assert.deepEqual(statuses('/company/{id}/store', 'post'), [
        '200',
        '401',
        '403',
        '404',
        '409',
        '413',
        '415',
        '422',
      ]);
      assert.deepEqual(statuses('/ical/{file}', 'get'), ['200', '404', '422']);
      assert.match(
        document.paths['/company/{id}/store'].post.responses['409'].description,
        /`editConflict`: .*`conflict`/,
      );
      assert.doesNotMatch(document.paths['/company/store'].post.responses['409'].description, /editConflict/);
      assert.match(document.paths['/contacts'].get.responses['403'].description, /`forbidden`: .*contact:read/);
      assert.match(document.paths['/import/contacts'].post.responses['413'].description, /file is larger than 20 MB/);
    });

    it('documents the status each call answers a caller without a token, or with nothing right in its input', async () => {
      for (const [name, endpoint] of table) {
        const params = Object.fromEntries(
          [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, param]) => [param, 'x'.repeat(3)]),
        );
        const url = endpointPath(endpoint.path, params);
        const answer =
          endpoint.body === undefined
            ? await call(app, endpoint.method, url)
            : await call(app, endpoint.method, url, { fields: {} });
        assert.ok(
          String(answer.status) in operationOf(endpoint).responses,
          `${name} answered ${answer.status}, documented`,
        );
      }
    });

    it('tells the refreshed authorization header where the answer carries it', () => {
      const contacts = document.paths['/contacts'].get.responses;
      assert.ok(contacts['200'].headers?.authorization, 'an authenticated success');
      assert.ok(contacts['403'].headers?.authorization, 'a refusal after the token was checked');
      assert.equal(contacts['401'].headers, undefined);
      assert.ok(document.paths['/user/login'].post.responses['200'].headers?.authorization, 'the login');
      assert.equal(document.paths['/ical/{file}'].get.responses['200'].headers, undefined);
    });

    it('states the history report rule on both of its subjects', () => {
      for (const path of ['/reports/history', '/reports/history/export']) {
        const parameters = document.paths[path].get.parameters ?? [];
        for (const name of ['contactId', 'companyId']) {
          assert.match(
            parameters.find((parameter) => parameter.name === name)?.description ?? '',
            /^Exactly one of contactId and companyId/,
            `${path} ${name}`,
          );
        }
      }
    });
  });
}
