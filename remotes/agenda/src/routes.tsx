import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';
import { prefetchAgenda } from './features/todos/components/agenda-prefetch';

reportRuntime('agenda', React);

// The pages this remote owns (the route table, appRoutes in @bo/contracts, names the owner of each path). Each page's code (and antd) comes in its own chunk, so
// that this module, and /agenda's prefetch, run as soon as the remote arrives.
export const routes: RemotePage[] = [
  {
    path: '/agenda',
    ...lazyPage(() => import('./features/todos/components/agenda-page').then((page) => page.AgendaPage)),
    prefetch: prefetchAgenda,
  },
  {
    path: '/contacts/taches',
    ...lazyPage(() => import('./features/todos/components/todo-list-page').then((page) => page.TodoListPage)),
  },
];
