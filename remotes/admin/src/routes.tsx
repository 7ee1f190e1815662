import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('admin', React);

// The pages this remote owns (ARCHITECTURE section 3). Their content ships with each feature's issue; each page's
// code (and antd) comes in a chunk of its own, so that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  { path: '/gestion-taches', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.TaskTypesPage)) },
  { path: '/liste-utilisateurs', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.UserListPage)) },
  { path: '/phrases', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.PhrasesPage)) },
];
