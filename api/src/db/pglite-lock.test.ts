import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DataFolderInUseError, lockDataFolder, lockFileOf } from './pglite-lock';

test('a PGlite data folder is opened by one process at a time, and a dead holder is taken over', (t) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'bo-lock-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const dataDir = path.join(folder, 'pglite');
  const file = lockFileOf(dataDir);

  const release = lockDataFolder(dataDir);
  assert.equal(readFileSync(file, 'utf8'), String(process.pid));
  assert.throws(
    () => lockDataFolder(dataDir),
    (error: unknown) => error instanceof DataFolderInUseError && error.pid === process.pid,
  );
  release();
  assert.equal(existsSync(file), false);

  // A holder that ended without releasing (killed): its process id names no running process any more.
  const ended = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
  writeFileSync(file, String(ended));
  const again = lockDataFolder(dataDir);
  assert.equal(readFileSync(file, 'utf8'), String(process.pid));
  again();
});
