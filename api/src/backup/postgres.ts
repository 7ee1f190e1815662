import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { maintenanceDbTimeouts } from '../config';
import { describeTarget } from '../db/command-target';
import { createPgPool, kyselyOnPool } from '../db/engine';
import { BackupError } from './backup-error';
import { describeRows } from './row-counts';

// PostgreSQL's own tools: pg_dump in its custom format (compressed, restored table by table by pg_restore).
// The password travels in PGPASSWORD, never on a command line another user could read.
function clientTarget(databaseUrl: string): { target: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password !== '') env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { target: url.toString(), env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} est introuvable : installez le client PostgreSQL (Debian : apt-get install postgresql-client).`
            : `${tool} n'a pas pu être lancé : ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} a échoué (code ${code}) :\n${errors.trim()}`)),
    );
  });
}

async function withDatabase<T>(databaseUrl: string, work: (db: ReturnType<typeof kyselyOnPool>) => Promise<T>) {
  const db = kyselyOnPool(createPgPool(databaseUrl, 1, maintenanceDbTimeouts));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

// Writes the dump to `file`; answers the main tables' rows, counted just before.
export async function dumpPostgres(databaseUrl: string, file: string): Promise<string> {
  const rows = await withDatabase(databaseUrl, describeRows);
  const { target, env } = clientTarget(databaseUrl);
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${target}`], env);
  return rows;
}

// Restores into an empty database only (no table, view or sequence outside the system schemas): restoring over a
// schema would mix two states, or fail half-way. The whole restore is one transaction: it lands whole or not at all.
export async function restorePostgres(databaseUrl: string, file: string): Promise<string> {
  const relations = await withDatabase(databaseUrl, async (db) => {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        and n.nspname not like 'pg_temp%'`.execute(db);
    return rows[0].count;
  });
  if (relations > 0) {
    throw new BackupError(
      `Restauration refusée : ${describeTarget({ engine: 'postgres', url: databaseUrl })} n'est pas vide (${relations} tables, vues ou séquences) : la restauration ` +
        `se fait dans une base vide. Créez-en une (createdb <nom>), restaurez-y la sauvegarde, puis faites pointer ` +
        `DATABASE_URL de l'API sur elle.`,
    );
  }
  const { target, env } = clientTarget(databaseUrl);
  await run(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${target}`, file],
    env,
  );
  return withDatabase(databaseUrl, describeRows);
}
