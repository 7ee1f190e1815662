import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  bodyContentType,
  can,
  endpointPath,
  endpoints,
  roleNames,
  rolesFor,
  type ListedEndpoint,
} from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { seedFixture } from '../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testEngines, type TestDatabase } from '../test/harness';

type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
};

// Fastify-style path to OpenAPI's: /todo/:id/store -> /todo/{id}/store
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

// Any value fills the path: the permission is checked before the input is read.
// Ids no record has: a rule about one record (whose todo) never answers before the permission table's.
const somePath = (endpoint: ListedEndpoint) =>
  endpointPath(
    endpoint.path,
    Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, 999_999])),
  );

// The fixture's one-role users, by role.
const trigramOf = { admin: 'ADM', businessLeader: 'DIR', businessTeam: 'COM', recruitmentTeam: 'REC' } as const;

for (const engine of testEngines()) {
  describe(`calls registered from the endpoint table on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let spec: { paths: Record<string, Record<string, Operation>> };
    const tokens: Record<string, string> = {};

    before(async () => {
      database = await createTestDatabase(engine);
      await seedFixture(database.db);
      app = await createTestApp(database.db);
      spec = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
      for (const role of roleNames) tokens[role] = await login(app, trigramOf[role]);
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('documents every entry with its summary, tag, content type, security and permission', () => {
      for (const [name, endpoint] of Object.entries(endpoints) as [string, ListedEndpoint][]) {
        const operation = spec.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
        assert.ok(operation, `${name} is in the OpenAPI description`);
        assert.equal(operation.summary, endpoint.summary, name);
        assert.deepEqual(operation.tags, [endpoint.tag], name);
        assert.deepEqual(
          operation.security,
          endpoint.access === 'public' ? [] : [{ bearerAuth: [] }],
          `${name}: bearer token unless public`,
        );
        const contentType = endpoint.body === undefined ? null : bodyContentType(endpoint.method);
        assert.deepEqual(
          Object.keys(operation.requestBody?.content ?? {}),
          contentType === null ? [] : [contentType],
          name,
        );
        if (typeof endpoint.access === 'object') {
          assert.match(
            operation.description ?? '',
            new RegExp(`roles: ${rolesFor(endpoint.access).join(', ')}\\.`),
            name,
          );
        }
      }
    });

    it('refuses forbidden to the roles the permission table leaves out, before reading the input', async () => {
      let refusals = 0;
      for (const [name, endpoint] of Object.entries(endpoints) as [string, ListedEndpoint][]) {
        if (typeof endpoint.access !== 'object') continue;
        const { resource, action } = endpoint.access;
        for (const role of roleNames) {
          // No body and dummy ids: a caller the table lets through is then refused for its input, never for its role.
          // (A file endpoint lets an allowed caller through to its file: only the envelope is read here.)
          const answer = await app.inject({
            method: endpoint.method,
            url: somePath(endpoint),
            headers: { authorization: tokens[role] },
          });
          const refused =
            answer.statusCode === 403 &&
            answer.json<{ errors: { message: string }[] }>().errors.some((error) => error.message === 'forbidden');
          assert.equal(
            refused,
            !can({ ...noRoles, [role]: true }, resource, action),
            `${name} as ${role}: ${answer.body.slice(0, 200)}`,
          );
          if (refused) refusals += 1;
        }
      }
      // The table does refuse someone something (the standby lists: the recruitment team).
      assert.ok(refusals > 0);
    });

    it('asks a token of every entry but the public ones', async () => {
      for (const [name, endpoint] of Object.entries(endpoints) as [string, ListedEndpoint][]) {
        const answer = await call(app, endpoint.method, somePath(endpoint));
        const unauthorized = answer.body.errors.some((error) => error.message === 'unauthorized');
        assert.equal(unauthorized, endpoint.access !== 'public', name);
      }
    });
  });
}

const noRoles = { admin: false, businessLeader: false, businessTeam: false, recruitmentTeam: false };
