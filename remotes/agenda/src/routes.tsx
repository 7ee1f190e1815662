import { reportRuntime } from '@bo/client';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';
import { AgendaPage, prefetchAgenda } from './features/todos/components/agenda-page';
import { TodoListPage } from './features/todos/components/todo-list-page';

reportRuntime('agenda', React);

// The pages this remote owns (ARCHITECTURE section 3).
export const routes: RemotePage[] = [
  { path: '/agenda', element: <AgendaPage />, prefetch: prefetchAgenda },
  { path: '/contacts/taches', element: <TodoListPage /> },
];
