import { currentUserQueryOptions, queryClient } from '@bo/client';
import { appRoutes, canOpen } from '@bo/contracts';
import { matchPath } from 'react-router-dom';
import { loadRemoteRoutes } from './remote-loader';

// On a fresh load of a page's URL, its remote (and whatever that page prefetches) starts downloading as soon as
// the user is known, beside the layout, rather than once the layout has rendered. Only a page the user's roles
// open is fetched: a remote the user may not open is never downloaded.
export function preloadPage(pathname: string) {
  const route = appRoutes.find((candidate) => matchPath(candidate.path, pathname) !== null);
  if (!route || route.owner === 'shell') return;
  const remote = route.owner;
  queryClient
    .fetchQuery(currentUserQueryOptions())
    .then(async (user) => {
      if (!canOpen(route, user.role)) return;
      const module = await loadRemoteRoutes(remote);
      module.routes.find((page) => page.path === route.path)?.prefetch?.();
    })
    // The page itself shows what went wrong when it renders.
    .catch(() => undefined);
}
