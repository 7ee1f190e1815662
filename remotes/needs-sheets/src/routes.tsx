import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('needsSheets', React);

// The pages this remote owns (the route table, appRoutes in @bo/contracts, names the owner of each path). Each page's code (and antd) comes in a chunk of its own,
// so that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  {
    path: '/fiches-de-besoin',
    ...lazyPage(() => import('./features/sheets/components/sheet-list-page').then((page) => page.SheetListPage)),
  },
  {
    path: '/fiches-de-besoin/recherche',
    ...lazyPage(() => import('./features/sheets/components/search-page').then((page) => page.SearchPage)),
  },
  {
    path: '/fiches-de-besoin/models',
    ...lazyPage(() => import('./features/sheets/components/model-list-page').then((page) => page.ModelListPage)),
  },
  {
    path: '/fiches-de-besoin/status',
    ...lazyPage(() => import('./features/sheets/components/status-list-page').then((page) => page.StatusListPage)),
  },
];
