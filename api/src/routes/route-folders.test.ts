import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { endpoints, type ListedEndpoint } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../test/harness';

// One name per endpoint group through every layer: the calls declared in
// shared/contracts/src/endpoints/<name>.ts are served by api/src/routes/<name>/index.ts, all of them, and by no
// other route folder. A newcomer who reads a call's declaration knows where its handler is, and the other way round.

const endpointsDir = new URL('../../../shared/contracts/src/endpoints/', import.meta.url);
const routesDir = new URL('./', import.meta.url);

// The files of endpoints/ that declare no group: the entry type and its helpers, the shared parameter schemas, and
// the core table that merges some groups for the `@bo/contracts` entry.
const helpers = new Set(['endpoint', 'params', 'index']);

// A group: its file's name (or its folder's, with an index.ts) and the calls it declares, by operation id.
async function endpointGroups(): Promise<Map<string, Map<string, ListedEndpoint>>> {
  const groups = new Map<string, Map<string, ListedEndpoint>>();
  for (const entry of readdirSync(endpointsDir)) {
    const isFolder = statSync(new URL(entry, endpointsDir)).isDirectory();
    const name = isFolder ? entry : entry.replace(/\.ts$/, '');
    if (!isFolder && (!entry.endsWith('.ts') || helpers.has(name))) continue;
    const module = (await import(new URL(isFolder ? `${entry}/index.ts` : entry, endpointsDir).href)) as Record<
      string,
      unknown
    >;
    const calls = new Map<string, ListedEndpoint>();
    for (const table of Object.values(module)) {
      if (!isEndpointTable(table)) continue;
      for (const [id, endpoint] of Object.entries(table)) calls.set(id, endpoint);
    }
    assert.ok(
      calls.size > 0,
      `endpoints/${entry} declares no endpoint group: list it among the helpers or give it its calls`,
    );
    groups.set(name, calls);
  }
  return groups;
}

function isEndpointTable(value: unknown): value is Record<string, ListedEndpoint> {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.values(value);
  return (
    entries.length > 0 &&
    entries.every(
      (entry) => typeof entry === 'object' && entry !== null && 'method' in entry && 'path' in entry && 'tag' in entry,
    )
  );
}

// What a route folder registers: its plugin run on a stand-in for Fastify that records each route (every endpoint
// is registered through registerEndpoint, which calls app.route) and refuses anything else a plugin could use to
// serve a call, so that no route escapes the count.
async function registeredBy(folder: string): Promise<string[]> {
  const module = (await import(new URL(`${folder}/index.ts`, routesDir).href)) as Record<string, unknown>;
  const plugins = Object.entries(module).filter(
    ([name, value]) => name.endsWith('Routes') && typeof value === 'function',
  );
  assert.equal(plugins.length, 1, `routes/${folder}/index.ts exports one plugin named …Routes`);
  const routes: string[] = [];
  const recorder = {
    route: (options: { method: string; url: string }) => void routes.push(`${options.method} ${options.url}`),
    repos: {},
    metrics: {},
    config: testConfig(),
  };
  const app = new Proxy(recorder, {
    get(target, property) {
      if (property in target) return target[property as keyof typeof target];
      throw new Error(
        `routes/${folder} uses app.${String(property)} while registering its routes: register them with registerEndpoint`,
      );
    },
  });
  await (plugins[0][1] as (app: FastifyInstance) => Promise<void>)(app as unknown as FastifyInstance);
  return routes;
}

const routeFolders = () => readdirSync(routesDir).filter((entry) => statSync(new URL(entry, routesDir)).isDirectory());
const key = (endpoint: ListedEndpoint) => `${endpoint.method} ${endpoint.path}`;

describe('route folders', () => {
  it('the endpoint groups together declare every call of the contract, each once', async () => {
    const declared = new Map<string, string>();
    for (const [group, calls] of await endpointGroups()) {
      for (const id of calls.keys()) {
        assert.equal(
          declared.get(id),
          undefined,
          `${id} is declared in endpoints/${declared.get(id)} and endpoints/${group}`,
        );
        declared.set(id, group);
      }
    }
    assert.deepEqual([...declared.keys()].sort(), Object.keys(endpoints).sort());
  });

  it('serves each endpoint group from the route folder of its name, all of its calls and no other', async () => {
    const groups = await endpointGroups();
    const folders = routeFolders();
    assert.deepEqual(
      folders.sort(),
      [...groups.keys()].sort(),
      'one route folder per endpoint group, of the same name',
    );

    const servedBy = new Map<string, string>();
    for (const folder of folders) {
      for (const route of await registeredBy(folder)) {
        assert.equal(
          servedBy.get(route),
          undefined,
          `${route} is registered by routes/${servedBy.get(route)} and routes/${folder}`,
        );
        servedBy.set(route, folder);
      }
    }
    for (const [group, calls] of groups) {
      for (const [id, endpoint] of calls) {
        assert.equal(
          servedBy.get(key(endpoint)),
          group,
          `${id} (${key(endpoint)}), declared in endpoints/${group}, is served by routes/${servedBy.get(key(endpoint)) ?? '(none)'}`,
        );
        servedBy.delete(key(endpoint));
      }
    }
    assert.deepEqual([...servedBy.keys()], [], 'routes registered without an entry in an endpoint group');
  });
});
