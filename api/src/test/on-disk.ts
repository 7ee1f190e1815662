import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type EngineName, type OpenDatabase } from '../db/engine';

// A maintenance command run as `npm run <name>` runs it, from the repository's root, with only the given database
// variables (the test's own DATABASE_URL left out).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export function runCommand(file: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// A database the commands reach through their environment: a PostgreSQL database of its own on DATABASE_URL's
// server, or a PGlite data folder under `folder`. drop() removes the PostgreSQL one.
export type DiskDatabase = { env: NodeJS.ProcessEnv; open: () => Promise<OpenDatabase>; drop: () => Promise<void> };

export async function diskDatabase(engine: EngineName, folder: string, name: string): Promise<DiskDatabase> {
  if (engine === 'pglite') {
    const dataDir = path.join(folder, name);
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: null, dataDir }),
      drop: async () => undefined,
    };
  }
  const server = process.env.DATABASE_URL as string;
  const database = `bo_disk_${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await onServer(`create database ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: null }),
    drop: () => onServer(`drop database if exists ${database} with (force)`),
  };
}
