import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

// A FIFO lock. PGlite is one connection: without it, a query from another request would run inside a
// transaction that is still open (between its BEGIN and COMMIT).
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }
}

// One lock per PGlite instance, shared by every Kysely built on it (two app instances in one process).
const locks = new WeakMap<PGlite, Mutex>();
function lockOf(pg: PGlite): Mutex {
  let mutex = locks.get(pg);
  if (mutex === undefined) {
    mutex = new Mutex();
    locks.set(pg, mutex);
  }
  return mutex;
}

const countedCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(readonly pg: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = result.command?.toUpperCase();
    return {
      rows: result.rows,
      numAffectedRows:
        command !== undefined && countedCommands.has(command)
          ? BigInt(result.rowCount ?? result.affectedRows ?? 0)
          : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex: Mutex;
  readonly #connection: PGliteConnection;
  #release: (() => void) | null = null;

  constructor(pg: PGlite) {
    this.#mutex = lockOf(pg);
    this.#connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.#connection.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  // The PGlite instance belongs to whoever created it (several Kysely instances may share it in tests).
  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(readonly pg: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
