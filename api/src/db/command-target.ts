import { existsSync } from 'node:fs';
import path from 'node:path';

// The database a maintenance command (backup, restore, token secret) works on: the one the API would open with the
// same environment. DATABASE_URL for PostgreSQL; otherwise the embedded database in DATA_DIR, or DATA_ROOT/pglite
// as `npm start` gives it (default data/pglite), from the current folder.
export type CommandTarget = { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };

export class CommandTargetError extends Error {}

export function commandTarget(env: NodeJS.ProcessEnv): CommandTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new CommandTargetError(
        'DATABASE_URL doit être une adresse PostgreSQL (postgres://utilisateur@hôte:5432/base).',
      );
    return { engine: 'postgres', url };
  }
  const dataDir = env.DATA_DIR?.trim() || path.join(env.DATA_ROOT?.trim() || 'data', 'pglite');
  return { engine: 'pglite', dataDir: path.resolve(dataDir) };
}

// host:port/database (no user, no password), or the data folder: for the messages.
export function describeTarget(target: CommandTarget): string {
  if (target.engine === 'pglite') return `la base embarquée ${target.dataDir}`;
  const url = new URL(target.url);
  return `la base PostgreSQL ${url.host}${url.pathname}`;
}

// Whether a data folder holds an embedded database (opening one that does not would create it).
export const holdsEmbeddedDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, 'PG_VERSION'));
