import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { PGliteDialect } from './pglite-dialect';

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

export function createPgPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
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

export async function createPglite(dataDir: string | null): Promise<PGlite> {
  // pg_trgm: the trigram indexes of the "contains" searches, as on PostgreSQL.
  const options = { parsers: { [DATE_OID]: keepDateText }, extensions: { pg_trgm } };
  return dataDir === null ? PGlite.create(options) : PGlite.create(dataDir, options);
}

export function kyselyOnPglite(pglite: PGlite): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

export function kyselyOnPool(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

// One data interface, two engines chosen here: PostgreSQL with DATABASE_URL, embedded PGlite otherwise.
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null }): Promise<OpenDatabase> {
  if (options.databaseUrl !== null) {
    const db = kyselyOnPool(createPgPool(options.databaseUrl));
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const pglite = await createPglite(options.dataDir);
  const db = kyselyOnPglite(pglite);
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
