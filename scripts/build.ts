// npm run build: compiles the API (scripts/build-api.ts), then builds the shell and every remote that is not
// built yet (or whose sources changed since), one after the other: each build takes about a gigabyte of memory,
// and the machine has two cores.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from './build-api';
import { precompress } from './precompress';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const frontApps = [
  'shell',
  'remotes/agenda',
  'remotes/contacts',
  'remotes/needs-sheets',
  'remotes/reports',
  'remotes/admin',
] as const;

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isBuilt(app: string, sharedMtime: number): boolean {
  const manifest = path.join(root, app, 'dist', 'mf-manifest.json');
  if (!existsSync(manifest)) return false;
  const builtAt = statSync(manifest).mtimeMs;
  return builtAt > Math.max(newestMtime(path.join(root, app, 'src')), sharedMtime);
}

export function buildFront({ force = false } = {}) {
  const sharedMtime = Math.max(
    ...['shared/contracts', 'shared/client', 'shared/ui', 'shared/todos', 'shared/build'].map((d) =>
      newestMtime(path.join(root, d)),
    ),
  );
  for (const app of frontApps) {
    if (!force && isBuilt(app, sharedMtime)) continue;
    console.log(`Construction de ${app}…`);
    const result = spawnSync('npx', ['webpack', '--mode', 'production'], {
      cwd: path.join(root, app),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`La construction de ${app} a échoué.`);
  }
  // The .gz and .br copies nginx serves in production (scripts/precompress.ts); a build already compressed is left.
  for (const app of frontApps) precompress(path.join(root, app, 'dist'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildApi();
  buildFront({ force: process.argv.includes('--force') });
}
