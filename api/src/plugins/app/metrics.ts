import { endpoints, type ListedEndpoint } from '@bo/contracts/all';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database';
import { poolOf } from '../../db/engine';

// What the API measures, in Prometheus' terms: one registry per app instance (tests build many apps in one
// process), read at /metrics (metrics-endpoint.ts). The names and what to watch: docs/production.md.
export type AppMetrics = {
  registry: Registry;
  answerCache: Counter<'outcome'>;
  // A password check that failed: `endpoint` is the call (login, changePassword), `reason` why.
  loginFailures: Counter<'endpoint' | 'reason'>;
  // A password check refused before it was tried: the attempt budget of the address (and trigram) is spent.
  loginLockouts: Counter<'endpoint'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

// Seconds: from a cached answer (milliseconds) to a large import or export (a minute).
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FILE_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

// The calls timed on their own, found in the endpoint table: a CSV answer is an export, a call taking a file an
// import (its check or its run); `kind` is the call's name in the table.
function timedCalls(): Map<string, { histogram: 'import' | 'export'; kind: string }> {
  const calls = new Map<string, { histogram: 'import' | 'export'; kind: string }>();
  for (const [kind, endpoint] of Object.entries(endpoints) as [string, ListedEndpoint][]) {
    const key = `${endpoint.method} ${endpoint.path}`;
    if (endpoint.produces === 'text/csv') calls.set(key, { histogram: 'export', kind });
    else if (endpoint.file !== undefined) calls.set(key, { histogram: 'import', kind });
  }
  return calls;
}

// `processMetrics`: also prom-client's default metrics of the process (memory, CPU, event loop lag, garbage
// collection). Only when the metrics are read: each set watches the process for as long as it lives.
export const metricsPlugin = fp<{ db: Db; processMetrics: boolean }>(
  async (app, { db, processMetrics }) => {
    const registry = new Registry();
    const registers = [registry];
    if (processMetrics) collectDefaultMetrics({ register: registry });

    const requestDuration = new Histogram({
      name: 'bo_http_request_duration_seconds',
      help: 'Time from a request parsed to its answer sent, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    const fileDurations = {
      import: new Histogram({
        name: 'bo_import_duration_seconds',
        help: 'Duration of a CSV import call (its check or its run), by kind and outcome',
        labelNames: ['kind', 'outcome'],
        buckets: FILE_BUCKETS,
        registers,
      }),
      export: new Histogram({
        name: 'bo_export_duration_seconds',
        help: 'Duration of a CSV export, to its last byte sent, by kind and outcome',
        labelNames: ['kind', 'outcome'],
        buckets: FILE_BUCKETS,
        registers,
      }),
    };

    // PostgreSQL only: PGlite is one connection behind a lock, with no pool to report.
    const pool = poolOf(db);
    if (pool !== undefined) {
      new Gauge({
        name: 'bo_db_pool_connections_in_use',
        help: 'Connections of the database pool running a query or a transaction',
        registers,
        collect() {
          this.set(pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'bo_db_pool_connections_idle',
        help: 'Open connections of the database pool waiting for work',
        registers,
        collect() {
          this.set(pool.idleCount);
        },
      });
      new Gauge({
        name: 'bo_db_pool_waiting_clients',
        help: 'Requests waiting for a free connection of the database pool',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }

    app.decorate('metrics', {
      registry,
      answerCache: new Counter({
        name: 'bo_answer_cache_requests_total',
        help: 'Answers of the answer cache: hit (from memory), miss (built and kept), bypass (off or no-cache asked)',
        labelNames: ['outcome'],
        registers,
      }),
      loginFailures: new Counter({
        name: 'bo_login_failures_total',
        help: 'Password checks that failed, by call and reason (credentials: wrong trigram or password; inactive: account deactivated)',
        labelNames: ['endpoint', 'reason'],
        registers,
      }),
      loginLockouts: new Counter({
        name: 'bo_login_lockouts_total',
        help: 'Password checks refused with 429 because the attempt budget of the address (and trigram) is spent',
        labelNames: ['endpoint'],
        registers,
      }),
    } satisfies AppMetrics);

    const timed = timedCalls();
    // An event stream lasts as long as its tab: no request's duration (its streams are counted as bo_live_streams).
    const streams = new Set(
      (Object.values(endpoints) as ListedEndpoint[])
        .filter((endpoint) => endpoint.produces === 'text/event-stream')
        .map((endpoint) => `${endpoint.method} ${endpoint.path}`),
    );
    // The route's pattern (never the address asked: ids and queries would make a series each); none for a path
    // no route matched.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      const seconds = reply.elapsedTime / 1000;
      const status = reply.statusCode;
      if (route !== undefined && streams.has(`${request.method} ${route}`)) return;
      requestDuration.observe({ method: request.method, route: route ?? 'none', status: String(status) }, seconds);
      const call = route === undefined ? undefined : timed.get(`${request.method} ${route}`);
      if (call !== undefined)
        fileDurations[call.histogram].observe({ kind: call.kind, outcome: status < 400 ? 'ok' : 'error' }, seconds);
    });
  },
  { name: 'metrics' },
);
