import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../process-running';

// PGlite runs inside one process and takes no lock of its own: two processes on one data folder would both write
// it and corrupt it. Whoever opens a folder (the API, a backup, a restore) first writes its process id to
// `<folder>.lock`, beside the folder so that no backup of the folder carries it; a lock whose process has ended
// (killed, crashed) is taken over.
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est ouvert par le processus ${pid} (l'API, ou une sauvegarde) : arrêtez-le d'abord. ` +
        `S'il ne tourne plus, supprimez ${lockFileOf(dataDir)}.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

export const lockFileOf = (dataDir: string): string => `${path.resolve(dataDir)}.lock`;

// Takes the folder's lock or throws DataFolderInUseError; returns its release, which is also run at exit.
export function lockDataFolder(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) throw new DataFolderInUseError(dataDir, holder);
      // A stale lock: removed, then taken with 'wx' again (once).
      if (attempt > 0) throw new DataFolderInUseError(dataDir, holder);
      unlinkSync(file);
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on('exit', release);
  return release;
}
