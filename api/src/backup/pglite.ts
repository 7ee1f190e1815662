import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { holdsEmbeddedDatabase } from '../db/command-target';
import { createPglite, kyselyOnPglite } from '../db/engine';
import { DataFolderInUseError, lockDataFolder } from '../db/pglite-lock';
import { BackupError } from './backup-error';
import { describeRows } from './row-counts';

// The embedded database is one process's: a backup or a restore opens the data folder itself, under its lock, so
// it refuses a folder the API has open (stop the API, back up, start it again) and never writes a live folder.
async function withFolder<T>(dataDir: string, load: Blob | undefined, work: (pglite: PGlite) => Promise<T>) {
  let release: () => void;
  try {
    release = lockDataFolder(dataDir);
  } catch (error) {
    throw error instanceof DataFolderInUseError ? new BackupError(error.message) : error;
  }
  try {
    const pglite = await createPglite(dataDir, load);
    try {
      return await work(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    release();
  }
}

const rowsOf = async (pglite: PGlite): Promise<string> => {
  const db = kyselyOnPglite(pglite);
  try {
    return await describeRows(db);
  } finally {
    await db.destroy();
  }
};

// Writes the folder's tarball (PGlite's dumpDataDir, gzip) to `file`; answers the main tables' rows.
export async function dumpPglite(dataDir: string, file: string): Promise<string> {
  if (!holdsEmbeddedDatabase(dataDir))
    throw new BackupError(
      `Aucune base embarquée dans ${dataDir} (DATA_DIR, ou DATA_ROOT/pglite) : rien à sauvegarder.`,
    );
  return withFolder(dataDir, undefined, async (pglite) => {
    const rows = await rowsOf(pglite);
    const tarball = await pglite.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return rows;
  });
}

// Restores into a folder that does not exist or is empty: an existing database is never overwritten (move it
// aside first).
export async function loadPglite(dataDir: string, file: string): Promise<string> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `Le dossier ${dataDir} n'est pas vide : la restauration se fait dans un dossier vide ou absent. ` +
        `Arrêtez l'API, déplacez ce dossier (il reste une copie de la base actuelle), puis relancez la restauration.`,
    );
  }
  return withFolder(dataDir, new Blob([readFileSync(file)]), rowsOf);
}
