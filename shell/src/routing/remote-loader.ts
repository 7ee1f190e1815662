// Zod-free parts of the contracts, bundled here: a page's remote starts downloading while the schemas evaluate.
import { parseRemoteRegistry, type RemoteName, type RemoteRegistry } from '@bo/contracts/routes';
import type { RemotePage, RemoteRoutesModule } from '@bo/ui';
import { trackPromise } from '@bo/ui/track-promise';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadClient } from '../boot/client-loader';
import { fetchCheckedVersion, RemoteLoadError, type RemoteVersion } from './remote-version';

export { RemoteLoadError };

// Where the remotes live is learnt at run time (remotes.json beside the shell): moving or upgrading a remote
// never needs a shell rebuild. Nothing is downloaded until a route the user may open asks for it.
let registry: RemoteRegistry = {};

// The JSON of remotes.json, checked, becomes the registry.
export function applyRemoteRegistry(json: unknown): RemoteRegistry {
  registry = parseRemoteRegistry(json);
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
  return registry;
}

// The registry's manifest URL of a remote (the /modules page shows it).
export function manifestUrlOf(remote: RemoteName): string | undefined {
  return registry[remote];
}

const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

// The time limit comes with the client's configuration; the download starts without waiting for it.
function withTimeout<T>(promise: Promise<T>, remote: RemoteName): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loadClient().then(
      (client) => {
        if (settled) return;
        timer = setTimeout(
          () => reject(asRemoteLoadError(remote, new RemoteLoadError(remote, 'délai de chargement dépassé'))),
          client.getClientConfig().chunkLoadTimeoutMs,
        );
      },
      // Without a client, the application shows the configuration's error instead.
      () => undefined,
    );
    const settle = () => {
      settled = true;
      clearTimeout(timer);
    };
    promise.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(asRemoteLoadError(remote, error));
      },
    );
  });
}

// Whatever failed (the federation runtime's English messages included), the user gets a French reason; the
// technical detail goes to the console.
function asRemoteLoadError(remote: RemoteName, error: unknown): RemoteLoadError {
  const failure =
    error instanceof RemoteLoadError
      ? error
      : new RemoteLoadError(remote, 'son code n’a pas pu être téléchargé', {
          detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
  console.error(`[modules] ${failure.message}`, failure.detail);
  return failure;
}

const versions = new Map<RemoteName, RemoteVersion>();

// The version.json of a remote once it passed the check (for the /modules page).
export function loadedVersionOf(remote: RemoteName): RemoteVersion | undefined {
  return versions.get(remote);
}

// A failed download is tried again after these pauses before the fallback shows: a dropped connection or a
// remote restarting during a deploy costs the user a short wait, not a fallback.
export const RETRY_DELAYS_MS = [300, 1000] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One attempt: version.json and the remote's code download side by side (no extra round trip), but the routes
// module is handed over, and so mounted, only once version.json says the remote fits this shell's contracts.
function attemptLoad(remote: RemoteName, manifestUrl: string): Promise<RemoteRoutesModule> {
  const checked = fetchCheckedVersion(remote, manifestUrl).then((info) => {
    versions.set(remote, info);
  });
  const code = loadRemote<RemoteRoutesModule>(`${remote}/routes`).then((module) => {
    if (!module || !Array.isArray(module.routes)) throw new RemoteLoadError(remote, 'module vide');
    return module;
  });
  code.catch(() => undefined);
  return checked.then(() => code);
}

async function loadWithRetries(remote: RemoteName, manifestUrl: string): Promise<RemoteRoutesModule> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attemptLoad(remote, manifestUrl);
    } catch (error) {
      // A remote built for other contracts stays incompatible however often it is asked.
      const incompatible = error instanceof RemoteLoadError && error.kind === 'incompatible';
      if (incompatible || retry >= RETRY_DELAYS_MS.length) throw error;
      forgetRuntimeCache(remote);
      await pause(RETRY_DELAYS_MS[retry]);
    }
  }
}

// The same promise for every caller (the page, the menu's preloading, /modules): usePromise needs a stable one, a
// failed one included (forgetting it would start a new attempt on every render), and a remote is downloaded once.
// The retry button forgets it on purpose.
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  const cached = loaded.get(remote);
  if (cached) return cached;
  const manifestUrl = registry[remote];
  if (!manifestUrl) {
    const missing = trackPromise(Promise.reject(new RemoteLoadError(remote, 'absent du registre')));
    loaded.set(remote, missing);
    return missing;
  }
  const promise = trackPromise(withTimeout(loadWithRetries(remote, manifestUrl), remote));
  loaded.set(remote, promise);
  return promise;
}

// The page a remote's module gives for a path of the route table.
export function pageOf(module: RemoteRoutesModule, path: string): RemotePage | undefined {
  return module.routes.find((page) => page.path === path);
}

// force: drop what the federation runtime cached of a failed attempt (manifest, entry script).
function forgetRuntimeCache(remote: RemoteName) {
  const entry = registry[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

export function retryRemote(remote: RemoteName) {
  loaded.delete(remote);
  forgetRuntimeCache(remote);
}
