import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('admin', React);

// The pages this remote owns (the route table, appRoutes in @bo/contracts, names the owner of each path). Each page's code (and antd) comes in a chunk of its own, so
// that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  {
    path: '/gestion-taches',
    ...lazyPage(() => import('./features/task-types/components/task-types-page').then((page) => page.TaskTypesPage)),
  },
  {
    path: '/liste-utilisateurs',
    ...lazyPage(() => import('./features/users/components/user-list-page').then((page) => page.UserListPage)),
  },
  {
    path: '/phrases',
    ...lazyPage(() => import('./features/phrases/components/phrases-page').then((page) => page.PhrasesPage)),
  },
];
