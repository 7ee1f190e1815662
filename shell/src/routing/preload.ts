// Zod-free parts of the contracts, bundled here: this step runs while the schemas and the layout still load.
import { canOpen, findRoute, openToAll } from '@bo/contracts/routes';
import { trackPromise } from '@bo/ui/track-promise';
import { loadClient } from '../boot/client-loader';
import { applyRemoteRegistry, loadRemoteRoutes, pageOf } from './remote-loader';

type Client = Awaited<ReturnType<typeof loadClient>>;

// Nothing is asked of the API before the session exists: such a request is refused, and its error would greet the
// user on the first screen after login. Settles once a token is there (at once with a saved session).
export function sessionReady(client: Client): Promise<void> {
  if (client.session.getToken()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = client.session.subscribe(() => {
      if (!client.session.getToken()) return;
      stop();
      // The login stores the user just after the token, in the same task: settling after it spares a second
      // request for the user.
      setTimeout(resolve, 0);
    });
  });
}

// On a fresh load of a page's URL (or of /, which leads to the default page), its remote and whatever that page
// prefetches start downloading beside the application, rather than once the layout has rendered. A page open to
// every role starts at once, before the API client is there; any other waits for the user, so that a remote
// the user may not open is never downloaded. Behind the login card, the code downloads while the user types and
// the data once the user has logged in.
async function preloadPage(pathname: string) {
  const path = pathname === '/' ? (await loadClient()).getClientConfig().defaultUrl : pathname;
  const route = findRoute(path);
  if (!route || route.owner === 'shell') return;
  if (!openToAll(route)) {
    const client = await loadClient();
    await sessionReady(client);
    const user = await client.queryClient.fetchQuery(client.currentUserQueryOptions());
    if (!canOpen(route, user.role)) return;
  }
  const module = await loadRemoteRoutes(route.owner);
  const page = pageOf(module, route.path);
  // The page's own chunk, if it has one, downloads at once (followed, so that it renders as soon as it is there).
  if (page?.ready) trackPromise(page.ready());
  // The page's prefetch calls the API, which needs the client's configuration and a session.
  await sessionReady(await loadClient());
  page?.prefetch?.();
}

// Before the application renders: where the remotes live (the JSON of remotes.json beside the shell), and the
// page asked for starts downloading. This module is part of the shell's entry: it carries neither React, antd
// nor zod. Settles (never fails) once the page's data is asked for, or there is nothing to preload.
export function prepareRouting(remoteRegistry: unknown): Promise<void> {
  applyRemoteRegistry(remoteRegistry);
  // The page itself shows what went wrong when it renders.
  return preloadPage(window.location.pathname).catch(() => undefined);
}
