// The deploy root: every remote's versions side by side (`<root>/<remote>/<version>/`), the registry that says
// which one is live (`remotes.json`, switched atomically) and each remote's history of live versions (for
// rollback). Old versions stay on disk and served: a user who loaded one keeps working until a reload.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress';

export const remoteDirs = {
  agenda: 'remotes/agenda',
  contacts: 'remotes/contacts',
  needsSheets: 'remotes/needs-sheets',
  reports: 'remotes/reports',
  admin: 'remotes/admin',
} as const;
export type RemoteKey = keyof typeof remoteDirs;
export const remoteKeys = Object.keys(remoteDirs) as RemoteKey[];

// Functions that need the repository's root take it as an argument (scripts/build.ts gives it), so that this
// module also loads in the unit tests.
export const defaultDeployRoot = (root: string) => path.resolve(root, process.env.DEPLOY_ROOT ?? 'deploy');

// The registry of the deploy root: each remote's manifest, relative to the deploy root.
export type DeployRegistry = Partial<Record<RemoteKey, string>>;

export type VersionInfo = {
  name: string;
  version: string;
  builtAt: string;
  contracts?: { version: string; range: string };
};

// `contacts` or the folder's name (`needs-sheets`), as a team would type it.
export function remoteKey(input: string): RemoteKey {
  const found = remoteKeys.find((key) => key === input || path.basename(remoteDirs[key]) === input);
  if (!found) throw new Error(`Module inconnu « ${input} » (connus : ${remoteKeys.join(', ')}).`);
  return found;
}

const safeVersion = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function writeAtomically(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

export function readRegistry(deployRoot: string): DeployRegistry {
  return readJson<DeployRegistry>(path.join(deployRoot, 'remotes.json'), {});
}

const historyFile = (deployRoot: string, remote: RemoteKey) => path.join(deployRoot, remote, 'history.json');
const readHistory = (deployRoot: string, remote: RemoteKey) => readJson<string[]>(historyFile(deployRoot, remote), []);

export function readVersion(dir: string): VersionInfo {
  const file = path.join(dir, 'version.json');
  if (!existsSync(file)) throw new Error(`${file} est absent : la construction n'a pas écrit version.json.`);
  const info = JSON.parse(readFileSync(file, 'utf8')) as VersionInfo;
  if (typeof info.version !== 'string' || !safeVersion.test(info.version))
    throw new Error(`Version illisible dans ${file}.`);
  return info;
}

// Points the registry at a version already in the deploy root: history first, then the registry by rename.
function makeLive(deployRoot: string, remote: RemoteKey, version: string, history: string[]) {
  writeAtomically(historyFile(deployRoot, remote), history);
  writeAtomically(path.join(deployRoot, 'remotes.json'), {
    ...readRegistry(deployRoot),
    [remote]: `${remote}/${version}/mf-manifest.json`,
  });
}

// Builds a remote alone into `outDir` (webpack cleans it first).
export type Builder = (remote: RemoteKey, outDir: string) => void;

export const webpackBuilder =
  (root: string): Builder =>
  (remote, outDir) => {
    const result = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', outDir], {
      cwd: path.join(root, remoteDirs[remote]),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`La construction de ${remote} a échoué.`);
    precompress(outDir);
  };

// A build already made (remotes/<x>/dist), copied as it is.
export const distBuilder =
  (root: string): Builder =>
  (remote, outDir) => {
    const dist = path.join(root, remoteDirs[remote], 'dist');
    if (!existsSync(path.join(dist, 'version.json'))) throw new Error(`${remoteDirs[remote]} n'est pas construit.`);
    cpSync(dist, outDir, { recursive: true });
  };

export type DeployResult = { remote: RemoteKey; version: string; previous: string | null; changed: boolean };

// Builds the remote into a folder of its own, moves it under its version, then makes it live. A version already
// in the deploy root is not overwritten (a user may be running it): it is only made live again.
export function deploy(deployRoot: string, remote: RemoteKey, build: Builder): DeployResult {
  const remoteRoot = path.join(deployRoot, remote);
  mkdirSync(remoteRoot, { recursive: true });
  const staging = path.join(remoteRoot, `.building-${process.pid}-${Date.now()}`);
  try {
    build(remote, staging);
    const { version, name } = readVersion(staging);
    if (name !== remote) throw new Error(`version.json nomme « ${name} », pas « ${remote} ».`);
    const target = path.join(remoteRoot, version);
    if (existsSync(target)) rmSync(staging, { recursive: true, force: true });
    else renameSync(staging, target);
    const history = readHistory(deployRoot, remote);
    const previous = history.at(-1) ?? null;
    if (previous === version) return { remote, version, previous, changed: false };
    makeLive(deployRoot, remote, version, [...history, version]);
    return { remote, version, previous, changed: true };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// Points the registry back at the version that was live before the current one.
export function rollback(deployRoot: string, remote: RemoteKey): { remote: RemoteKey; from: string; to: string } {
  const history = readHistory(deployRoot, remote);
  const from = history.at(-1);
  const to = history.at(-2);
  if (!from || !to) throw new Error(`Aucune version précédente de ${remote} à remettre en service.`);
  if (!existsSync(path.join(deployRoot, remote, to, 'mf-manifest.json')))
    throw new Error(`La version ${to} de ${remote} n'est plus sur le disque.`);
  makeLive(deployRoot, remote, to, history.slice(0, -1));
  return { remote, from, to };
}

export type RemoteVersions = { remote: RemoteKey; live: string | null; versions: VersionInfo[] };

// Per remote, the versions kept (oldest build first) and the one live.
export function list(deployRoot: string): RemoteVersions[] {
  const registry = readRegistry(deployRoot);
  return remoteKeys.map((remote) => {
    const remoteRoot = path.join(deployRoot, remote);
    const versions = existsSync(remoteRoot)
      ? readdirSync(remoteRoot)
          .filter((entry) => !entry.startsWith('.') && statSync(path.join(remoteRoot, entry)).isDirectory())
          .filter((entry) => existsSync(path.join(remoteRoot, entry, 'version.json')))
          .map((entry) => readVersion(path.join(remoteRoot, entry)))
          .sort((a, b) => a.builtAt.localeCompare(b.builtAt))
      : [];
    const manifest = registry[remote];
    return { remote, live: manifest ? (manifest.split('/')[1] ?? null) : null, versions };
  });
}

// At start: a remote with nothing live gets its current build; a build newer than anything deployed (its sources
// changed and `npm start` rebuilt it) is deployed too. A rollback is kept: a version already known is not re-made live.
export function deployBuilt(root: string, deployRoot: string, build: Builder = distBuilder(root)) {
  const registry = readRegistry(deployRoot);
  for (const remote of remoteKeys) {
    const dist = path.join(root, remoteDirs[remote], 'dist');
    const known =
      existsSync(path.join(dist, 'version.json')) &&
      existsSync(path.join(deployRoot, remote, readVersion(dist).version));
    if (registry[remote] && known) continue;
    deploy(deployRoot, remote, build);
  }
}
