import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isRunning } from '../process-running';

// Uploads are streamed to files of the system's temporary folder, named after the process that receives them, so
// that a process can tell its own from those of another instance (or test run) sharing the folder.
const PREFIX = 'bo-upload-';

export function newUploadPath(): string {
  return path.join(tmpdir(), `${PREFIX}${process.pid}-${randomUUID()}`);
}

// A file named without a process (older versions) is left while an upload and its import could still be under way.
const OLDEST_UNNAMED_MS = 24 * 3600 * 1000;

// A process that stopped without answering (a crash, a kill) left its uploads behind: removed at the next start, those
// of processes still running kept. Returns the files removed.
export async function removeAbandonedUploads(dir = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith(PREFIX)) continue;
    const file = path.join(dir, name);
    const pid = /^(\d+)-/.exec(name.slice(PREFIX.length))?.[1];
    try {
      const abandoned =
        pid === undefined
          ? Date.now() - (await stat(file)).mtimeMs > OLDEST_UNNAMED_MS
          : Number(pid) !== process.pid && !isRunning(Number(pid));
      if (!abandoned) continue;
      await rm(file, { force: true });
      removed.push(file);
    } catch {
      // Removed meanwhile by its own process: nothing left to do.
    }
  }
  return removed;
}
