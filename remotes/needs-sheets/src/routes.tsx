import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('needsSheets', React);

// The pages this remote owns (ARCHITECTURE section 3). Their content ships with each feature's issue; each page's
// code (and antd) comes in a chunk of its own, so that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  { path: '/fiches-de-besoin', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.NeedsSheetListPage)) },
  { path: '/fiches-de-besoin/recherche', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.NeedsSheetSearchPage)) },
  { path: '/fiches-de-besoin/models', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.NeedsSheetModelsPage)) },
  { path: '/fiches-de-besoin/status', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.NeedsSheetStatusesPage)) },
];
