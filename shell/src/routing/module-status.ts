// What the /modules page shows of each remote, checked from the browser: its manifest reachable (and how fast),
// its version.json, the contract check, and which shared singletons it got from the shell.
import { remoteNames, type RemoteName } from '@bo/contracts/routes';
import { getInstance } from '@module-federation/enhanced/runtime';
import { loadRemoteRoutes, manifestUrlOf } from './remote-loader';
import {
  checkContracts,
  parseRemoteVersion,
  RemoteLoadError,
  versionUrlOf,
  type ContractCheck,
  type RemoteVersion,
} from './remote-version';

export type SingletonUse = {
  name: string;
  expected: string;
  provided: string | null;
  from: string | null;
  ok: boolean;
};

export type ModuleStatus = {
  remote: RemoteName;
  manifestUrl: string | null;
  reachable: boolean;
  loadMs: number | null;
  version: RemoteVersion | null;
  contracts: ContractCheck | null;
  // Why the shell does not mount it, in French; null when it mounts.
  mountError: string | null;
  singletons: SingletonUse[];
  ok: boolean;
};

type ShareEntry = { version?: string; from?: string; useIn?: string[]; treeShaking?: { useIn?: string[] } };

const majorOf = (version: string) => version.split('.')[0];

// The copy of each singleton the remote uses: the share scope records who provided it and who took it.
export function singletonUses(
  remote: RemoteName,
  expected: Record<string, string>,
  scope: Record<string, Record<string, ShareEntry>> = {},
): SingletonUse[] {
  // antd is shared one component at a time (`antd/es/button`…): its copies are its components'.
  const copiesOf = (name: string) =>
    scope[name]
      ? Object.entries(scope[name])
      : Object.entries(scope)
          .filter(([key]) => key.startsWith(`${name}/es/`))
          .flatMap(([, versions]) => Object.entries(versions));
  return Object.entries(expected).map(([name, wanted]) => {
    const copies = copiesOf(name);
    const taken = copies.find(([, entry]) =>
      [...(entry.useIn ?? []), ...(entry.treeShaking?.useIn ?? [])].includes(remote),
    );
    const provided = taken ? (taken[1].version ?? taken[0]) : null;
    const from = taken ? (taken[1].from ?? null) : null;
    // Not taken yet (the remote has not asked for it): only a copy of another major version would be wrong.
    const available = provided ?? copies.find(([, entry]) => entry.from === 'shell')?.[0] ?? null;
    return { name, expected: wanted, provided, from, ok: available === null || majorOf(available) === majorOf(wanted) };
  });
}

function shareScope(): Record<string, Record<string, ShareEntry>> {
  const instance = getInstance();
  const scope: unknown = instance?.shareScopeMap?.default;
  return (scope ?? {}) as Record<string, Record<string, ShareEntry>>;
}

async function timedFetch(url: string): Promise<{ response: Response | null; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    return { response, ms: Math.round(performance.now() - started) };
  } catch {
    return { response: null, ms: Math.round(performance.now() - started) };
  }
}

export async function checkModule(remote: RemoteName): Promise<ModuleStatus> {
  const manifestUrl = manifestUrlOf(remote) ?? null;
  if (!manifestUrl) {
    return {
      remote,
      manifestUrl,
      reachable: false,
      loadMs: null,
      version: null,
      contracts: null,
      mountError: 'absent du registre',
      singletons: [],
      ok: false,
    };
  }
  const manifest = await timedFetch(manifestUrl);
  const reachable = Boolean(manifest.response?.ok);
  const versionResponse = reachable ? (await timedFetch(versionUrlOf(manifestUrl))).response : null;
  const version = versionResponse?.ok ? parseRemoteVersion(await versionResponse.json().catch(() => null)) : null;
  const contracts = version ? checkContracts(version) : null;
  let mountError: string | null = null;
  try {
    await loadRemoteRoutes(remote);
  } catch (error) {
    mountError = error instanceof RemoteLoadError ? error.reason : 'erreur inconnue';
  }
  const singletons = version ? singletonUses(remote, version.singletons, shareScope()) : [];
  const ok = reachable && Boolean(contracts?.ok) && mountError === null && singletons.every((use) => use.ok);
  return {
    remote,
    manifestUrl,
    reachable,
    loadMs: reachable ? manifest.ms : null,
    version,
    contracts,
    mountError,
    singletons,
    ok,
  };
}

export const checkModules = () => Promise.all(remoteNames.map((remote) => checkModule(remote)));
