// The remote behind a menu entry downloads before the click: when the pointer rests on the entry, when the entry
// gets the keyboard's focus, or when the browser is idle after the first page is painted. It is the same download
// the page makes (loadRemoteRoutes keeps one promise per remote), so nothing is fetched twice.
import { loadToasts, queryClient } from '@bo/client';
import { canOpen, findRoute, remotesFor, type RoleFlags } from '@bo/contracts/routes';
import { loadRemoteRoutes, pageOf } from './remote-loader';

// A pointer passing over the menu on its way elsewhere downloads nothing.
export const HOVER_DELAY_MS = 100;

// The remote of a path and the page's own chunk. A failure shows on the page if the user goes there.
export function preloadPath(path: string): Promise<void> {
  const route = findRoute(path);
  if (!route || route.owner === 'shell') return Promise.resolve();
  return loadRemoteRoutes(route.owner)
    .then((module) => pageOf(module, route.path)?.ready?.())
    .then(
      () => undefined,
      () => undefined,
    );
}

let restTimer: ReturnType<typeof setTimeout> | undefined;

export function preloadOnRest(path: string) {
  clearTimeout(restTimer);
  restTimer = setTimeout(() => void preloadPath(path), HOVER_DELAY_MS);
}

export function cancelRest() {
  clearTimeout(restTimer);
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

// Browsers without requestIdleCallback wait a little instead.
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve());
    else setTimeout(resolve, 200);
  });

function noQueryInFlight(): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

let idleStarted = false;

// Once per load of the application: after the page shown first has its code and its data and has painted, the
// remotes this user's roles may open download one per idle moment (after the messages' code). The others never
// download.
export function preloadWhenIdle(role: RoleFlags) {
  if (idleStarted) return;
  idleStarted = true;
  void (async () => {
    // The page shown first, when this user may open it: a forbidden page's remote is never fetched.
    const first = findRoute(window.location.pathname);
    if (first && canOpen(first, role)) await preloadPath(window.location.pathname);
    // The page renders and asks for its data, then paints it.
    await nextFrame();
    await noQueryInFlight();
    await nextFrame();
    // The messages' code, before any message needs it.
    await idle();
    await loadToasts().catch(() => undefined);
    for (const remote of remotesFor(role)) {
      await idle();
      await loadRemoteRoutes(remote).catch(() => undefined);
    }
  })();
}
