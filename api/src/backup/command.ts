// `npm run backup` and `npm run restore`: the database the API would open (DATABASE_URL, or the embedded one in
// DATA_DIR, default DATA_ROOT/pglite), dumped to a file or restored from one. See docs/production.md.
//   npm run backup [-- --out <file> | --dir <folder>]   (default folder: DATA_ROOT/backups, the file named by date)
//   npm run restore -- <file>                           (into an empty database or data folder only)
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { commandTarget, CommandTargetError, describeTarget, type CommandTarget } from '../db/command-target';
import { BackupError } from './backup-error';
import { loadPglite, dumpPglite } from './pglite';
import { dumpPostgres, restorePostgres } from './postgres';

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new BackupError(`${name} attend une valeur.`);
  return value;
}

async function backup(target: CommandTarget, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const extension = target.engine === 'postgres' ? 'dump' : 'tar.gz';
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  const out = option(args, '--out');
  const dir = option(args, '--dir') ?? path.join(env.DATA_ROOT?.trim() || 'data', 'backups');
  const file = path.resolve(out ?? path.join(dir, `backoffice-${target.engine}-${stamp}Z.${extension}`));
  if (existsSync(file)) throw new BackupError(`${file} existe déjà : une sauvegarde n'en remplace jamais une autre.`);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then renamed: a file under its final name is always a whole backup.
  const partial = `${file}.partial`;
  try {
    const rows =
      target.engine === 'postgres'
        ? await dumpPostgres(target.url, partial)
        : await dumpPglite(target.dataDir, partial);
    renameSync(partial, file);
    console.log(
      `Sauvegarde de ${describeTarget(target)} écrite : ${file} (${size(statSync(file).size)}).\nContenu : ${rows}.`,
    );
  } finally {
    rmSync(partial, { force: true });
  }
}

// What the file holds, from its first bytes: pg_dump's custom format starts with "PGDMP", a gzip with 1f 8b.
function kindOf(file: string): 'postgres' | 'pglite' | 'unknown' {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

async function restore(target: CommandTarget, args: string[]): Promise<void> {
  const given = args.find((arg) => !arg.startsWith('--'));
  if (given === undefined) throw new BackupError('Indiquez le fichier à restaurer : npm run restore -- <fichier>.');
  const file = path.resolve(given);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} n'existe pas.`);
  const kind = kindOf(file);
  if (kind === 'unknown') throw new BackupError(`${file} n'est pas une sauvegarde (ni pg_dump, ni base embarquée).`);
  if (kind !== target.engine) {
    throw new BackupError(
      kind === 'postgres'
        ? `${file} est une sauvegarde PostgreSQL : définissez DATABASE_URL sur une base vide pour la restaurer.`
        : `${file} est une sauvegarde de la base embarquée : retirez DATABASE_URL et indiquez le dossier vide (DATA_DIR).`,
    );
  }
  const rows =
    target.engine === 'postgres' ? await restorePostgres(target.url, file) : await loadPglite(target.dataDir, file);
  console.log(`${file} restaurée dans ${describeTarget(target)}.\nContenu : ${rows}.`);
}

const [action, ...args] = process.argv.slice(2);
try {
  const target = commandTarget(process.env);
  if (action === 'backup') await backup(target, args, process.env);
  else if (action === 'restore') await restore(target, args);
  else throw new BackupError('Commande inconnue : backup ou restore.');
} catch (error) {
  console.error(error instanceof BackupError || error instanceof CommandTargetError ? error.message : error);
  process.exitCode = 1;
}
