import type { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import { defaultDbTimeouts, type DbTimeouts } from '../config';
import type { Database } from './database';
import { PGliteDialect } from './pglite-dialect';
import { lockDataFolder } from './pglite-lock';
import { preparedNameOf } from './prepared';
import { isDatabaseUnavailable } from './unavailable';

export type EngineName = 'postgres' | 'pglite';

export type OpenDatabase = {
  db: Kysely<Database>;
  engine: EngineName;
  close: () => Promise<void>;
};

const DATE_OID = 1082;

// A DATE is a calendar day: keep PostgreSQL's 'yyyy-MM-dd' text instead of a Date at local midnight,
// which a time zone could move by a day.
const keepDateText = (value: string): string => value;

export function createPgPool(connectionString: string, max = 10, timeouts: DbTimeouts = defaultDbTimeouts): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Connecting, or waiting for a free connection of the pool.
    connectionTimeoutMillis: timeouts.connectMs,
    // Short queries under concurrent requests: parallel workers and JIT compilation cost more than they save (the
    // contacts search started two workers per request; an export's plan spent 0.4 s compiling).
    options: '-c max_parallel_workers_per_gather=0 -c jit=off',
    // Ended by the server: a slow statement, a lock held by a stalled instance, a transaction left open.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Ended by the client when the server does not answer at all (see guardedPool).
    query_timeout: timeouts.statementMs === 0 ? undefined : timeouts.statementMs + 1_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID ? keepDateText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (restart, failover, a dropped test database) is an 'error' event on
  // the pool; the pool discards that client by itself, and without a listener Node would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

// Loaded only when PGlite is the engine: its module alone takes some 40 MB of an instance's memory, which an
// instance on PostgreSQL never uses.
// loadDataDir: a tarball of a data folder (PGlite's dumpDataDir) to start from, into an empty folder.
export async function createPglite(dataDir: string | null, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  // pg_trgm: the trigram indexes of the "contains" searches, as on PostgreSQL; unaccent: the needs sheets' French
  // full text ignores accents, as on PostgreSQL.
  const options = { parsers: { [DATE_OID]: keepDateText }, extensions: { pg_trgm, unaccent }, loadDataDir };
  return dataDir === null ? PGlite.create(options) : PGlite.create(dataDir, options);
}

// The PGlite under each Kysely on it, for its notifications (live/listen.ts).
const pglites = new WeakMap<Kysely<Database>, PGlite>();

export function kyselyOnPglite(pglite: PGlite): Kysely<Database> {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  pglites.set(db, pglite);
  return db;
}

// The embedded database of a handle; undefined on PostgreSQL.
export function pgliteOf(db: Kysely<Database>): PGlite | undefined {
  return pglites.get(db);
}

// A prepared statement the server no longer holds, or whose kept plan a schema change made stale (a migration
// of a newer instance adding a column it reads).
const STALE_PREPARED = new Set(['26000', '0A000']);

// A connection whose query got no answer in time is left waiting for that answer by pg, and every later query
// on it would queue behind; one whose prepared statement went stale would fail it again on every call. Either goes
// back to the pool as broken, so the pool closes it and connects anew.
class GuardedClient implements PostgresPoolClient {
  #broken: Error | undefined;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('cursors are not used');
    const name = preparedNameOf(sql);
    const query =
      name === undefined
        ? this.client.query(sql, [...parameters])
        : this.client.query({ name, text: sql, values: [...parameters] });
    return query.then(
      (result) => ({
        command: result.command as PostgresQueryResult<R>['command'],
        rowCount: result.rowCount ?? 0,
        rows: result.rows as R[],
      }),
      (error: unknown) => {
        if (error instanceof Error && isDatabaseUnavailable(error) && !('severity' in error)) this.#broken = error;
        if (name !== undefined && error instanceof Error && STALE_PREPARED.has((error as { code?: string }).code ?? ''))
          this.#broken = error;
        throw error;
      },
    );
  }

  release(): void {
    this.client.release(this.#broken);
  }
}

function guardedPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new GuardedClient(await pool.connect()),
    end: () => pool.end(),
  };
}

// The pool under each Kysely on PostgreSQL, for the metrics (its connections in use, idle, and the waiting callers).
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function kyselyOnPool(pool: pg.Pool): Kysely<Database> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
  pools.set(db, pool);
  return db;
}

// PostgreSQL's pool of a database handle; undefined on PGlite, a single connection with no pool.
export function poolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

// One data interface, two engines chosen here: PostgreSQL with DATABASE_URL, embedded PGlite otherwise.
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  db?: DbTimeouts;
}): Promise<OpenDatabase> {
  if (options.databaseUrl !== null) {
    const db = kyselyOnPool(createPgPool(options.databaseUrl, 10, options.db));
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const release = options.dataDir === null ? () => undefined : lockDataFolder(options.dataDir);
  const pglite = await createPglite(options.dataDir).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = kyselyOnPglite(pglite);
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
      release();
    },
  };
}
