import { currentUserQueryOptions, getClientConfig, queryClient } from '@bo/client';
import { ALL_ROLES, canOpen, findRoute } from '@bo/contracts';
import { applyRemoteRegistry, loadRemoteRoutes } from './remote-loader';

// On a fresh load of a page's URL (or of /, which leads to the default page), its remote and whatever that page
// prefetches start downloading beside the layout, rather than once the layout has rendered. A page open to every
// role starts at once; any other waits for the user, so that a remote the user may not open is never downloaded.
export function preloadPage(pathname: string) {
  const path = pathname === '/' ? getClientConfig().defaultUrl : pathname;
  const route = findRoute(path);
  if (!route || route.owner === 'shell') return;
  const remote = route.owner;
  const openToAll = ALL_ROLES.every((role) => route.roles.includes(role));
  const allowed = openToAll
    ? Promise.resolve(true)
    : queryClient.fetchQuery(currentUserQueryOptions()).then((user) => canOpen(route, user.role));
  allowed
    .then(async (open) => {
      if (!open) return;
      const module = await loadRemoteRoutes(remote);
      module.routes.find((page) => page.path === route.path)?.prefetch?.();
    })
    // The page itself shows what went wrong when it renders.
    .catch(() => undefined);
}

// Before the application renders: where the remotes live (the JSON of remotes.json beside the shell), and the
// page asked for starts downloading. This module carries no antd: it runs while the layout's chunks still load.
export function prepareRouting(remoteRegistry: unknown) {
  applyRemoteRegistry(remoteRegistry);
  preloadPage(window.location.pathname);
}
