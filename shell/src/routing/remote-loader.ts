// Zod-free parts of the contracts, bundled here: a page's remote starts downloading while the schemas evaluate.
import { parseRemoteRegistry, type RemoteName, type RemoteRegistry } from '@bo/contracts/routes';
import type { RemotePage, RemoteRoutesModule } from '@bo/ui';
import { trackPromise } from '@bo/ui/track-promise';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadClient } from '../boot/client-loader';

// Where the remotes live is learnt at run time (remotes.json beside the shell): moving or upgrading a remote
// never needs a shell rebuild. Nothing is downloaded until a route the user may open asks for it.
let registry: RemoteRegistry = {};

// The JSON of remotes.json, checked, becomes the registry.
export function applyRemoteRegistry(json: unknown): RemoteRegistry {
  registry = parseRemoteRegistry(json);
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
  return registry;
}

export class RemoteLoadError extends Error {
  readonly remote: RemoteName;
  constructor(remote: RemoteName, reason: string) {
    super(`Module ${remote} indisponible : ${reason}`);
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
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
        timer = setTimeout(() => reject(new RemoteLoadError(remote, 'délai de chargement dépassé')), client.getClientConfig().chunkLoadTimeoutMs);
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
        reject(error instanceof Error ? error : new RemoteLoadError(remote, String(error)));
      },
    );
  });
}

// The same promise for every caller: usePromise needs a stable one, a failed one included (forgetting it would
// start a new attempt on every render). The retry button forgets it on purpose.
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  const cached = loaded.get(remote);
  if (cached) return cached;
  if (!registry[remote]) {
    const missing = trackPromise(Promise.reject(new RemoteLoadError(remote, 'absent du registre')));
    loaded.set(remote, missing);
    return missing;
  }
  const promise = trackPromise(withTimeout(
    loadRemote<RemoteRoutesModule>(`${remote}/routes`).then((module) => {
      if (!module || !Array.isArray(module.routes)) throw new RemoteLoadError(remote, 'module vide');
      return module;
    }),
    remote,
  ));
  loaded.set(remote, promise);
  return promise;
}

// The page a remote's module gives for a path of the route table.
export function pageOf(module: RemoteRoutesModule, path: string): RemotePage | undefined {
  return module.routes.find((page) => page.path === path);
}

export function retryRemote(remote: RemoteName) {
  loaded.delete(remote);
  const entry = registry[remote];
  // force: drop what the federation runtime cached of the failed attempt (manifest, entry script).
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
