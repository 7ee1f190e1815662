import { randomBytes } from 'node:crypto';
import { toWireValue, type Envelope } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app';
import {
  defaultDbTimeouts,
  defaultLiveConfig,
  defaultNotificationsConfig,
  defaultRequestTimeoutMs,
  type AppConfig,
} from '../config';
import type { Db } from '../db/database';
import { createPgPool, createPglite, kyselyOnPglite, kyselyOnPool, type EngineName } from '../db/engine';
import { migrateToLatest } from '../db/migrate';

// Every API test runs on PGlite in memory, and on PostgreSQL too when DATABASE_URL is set.
export function testEngines(): EngineName[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

// Light argon2 cost: tests hash and verify many passwords. Production defaults stay in config.ts.
export const testPasswordHashing = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    dataDir: null,
    corsOrigins: ['http://localhost:3000'],
    tokenSecret: null,
    tokenSecretPrevious: null,
    tokenTtlSeconds: 7200,
    loginPrivateKey: null,
    loginPreviousPrivateKey: null,
    docsPlainLogin: false,
    debug: false,
    checkResponses: true,
    answerCacheBytes: 16 * 1024 * 1024,
    passwordHashing: testPasswordHashing,
    loginRateLimit: { maxFailures: 10, maxFailuresPerAddress: 30, windowSeconds: 900 },
    trustProxy: false,
    requestTimeoutMs: defaultRequestTimeoutMs,
    db: defaultDbTimeouts,
    metrics: { port: null, host: '127.0.0.1', token: null },
    live: defaultLiveConfig,
    notifications: { ...defaultNotificationsConfig, roundEveryMs: null },
    ...overrides,
  };
}

export type TestDatabase = {
  engine: EngineName;
  db: Db;
  // Another connection to the same database, as a second API instance would have.
  openAnother: () => Db;
  // On PostgreSQL, the database's URL, for a server process of its own (PGlite's is in this process's memory).
  url: string | null;
  close: () => Promise<void>;
};

// A fresh, migrated database: PGlite in memory, or a uniquely named PostgreSQL database on DATABASE_URL's
// server, dropped by close().
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const pglite = await createPglite(null);
    return trackedDatabase(
      engine,
      null,
      () => kyselyOnPglite(pglite),
      () => pglite.close(),
    );
  }
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined) throw new Error('DATABASE_URL is not set');
  const name = `bo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return trackedDatabase(
    engine,
    url.toString(),
    () => kyselyOnPool(createPgPool(url.toString(), 5)),
    () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  );
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// A migrated database whose every connection (the first and any "second instance") is closed before the
// engine is disposed of.
async function trackedDatabase(
  engine: EngineName,
  url: string | null,
  connect: () => Db,
  dispose: () => Promise<void>,
): Promise<TestDatabase> {
  const handles: Db[] = [];
  const open = (): Db => {
    const db = connect();
    handles.push(db);
    return db;
  };
  const db = open();
  await migrateToLatest(db);
  return {
    engine,
    db,
    openAnother: open,
    url,
    close: async () => {
      for (const handle of handles) await handle.destroy();
      await dispose();
    },
  };
}

export async function createTestApp(db: Db, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db });
  await app.ready();
  return app;
}

// A multipart/form-data body encoded the way the browser client does (toWireValue: 0/1, Unix seconds).
export async function multipart(fields: Record<string, unknown>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const wire = toWireValue(value);
    if (wire !== undefined) form.append(key, String(wire));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type');
  if (contentType === null) throw new Error('no content type');
  return { payload: Buffer.from(await request.arrayBuffer()), contentType };
}

export type Answer<T = unknown> = {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
  token: string | undefined;
};

export type CallOptions = {
  token?: string;
  fields?: Record<string, unknown>;
  json?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
};

export async function call<T = unknown>(
  app: FastifyInstance,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  let payload: Buffer | string | undefined;
  if (options.fields !== undefined) {
    const body = await multipart(options.fields);
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (options.json !== undefined) {
    payload = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.query ?? {})) {
    const wire = toWireValue(value);
    if (wire !== undefined) query[key] = String(wire);
  }
  const response = await app.inject({ method: method as 'GET', url, headers, payload, query });
  const token = response.headers.authorization;
  return {
    status: response.statusCode,
    body: response.json<Envelope<T>>(),
    headers: response.headers,
    token: typeof token === 'string' ? token : undefined,
  };
}

export async function login(app: FastifyInstance, trigram: string, password = FIXTURE_PASSWORD): Promise<string> {
  const answer = await call(app, 'POST', '/user/login', { fields: { trigram, password, save: true } });
  if (answer.status !== 200 || answer.token === undefined)
    throw new Error(`login ${trigram} failed: ${JSON.stringify(answer.body)}`);
  return answer.token;
}

export const FIXTURE_PASSWORD = 'Mot-de-passe-test-1';

// Rows of the tables a call could change, to prove that a refused call changed nothing.
export async function snapshot(db: Db): Promise<string> {
  const tables = [
    'todo',
    'contact',
    'company',
    'history',
    'user_session',
    'app_user',
    'task',
    'needs_sheet',
    'needs_sheet_recruiter',
    'needs_sheet_status',
    'needs_sheet_model',
    'needs_sheet_status_change',
    'import_batch',
    'import_item',
  ] as const;
  const parts: unknown[] = [];
  for (const table of tables) {
    parts.push(await sql`select * from ${sql.table(table)} order by 1`.execute(db).then((result) => result.rows));
  }
  // A session's last activity moves with any call, refused or not (at most once a minute): it is no data a call
  // changes, and a slow run crossing that minute would otherwise differ.
  return JSON.stringify(parts, (key, value: unknown) => (key === 'last_seen_at' ? undefined : value));
}

export function decodeToken(token: string): { sub: number; sid: string; iat: number; exp: number } {
  const body = token.replace(/^Bearer /, '').split('.')[0];
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    sub: number;
    sid: string;
    iat: number;
    exp: number;
  };
}
