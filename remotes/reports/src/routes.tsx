import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';
import { preloadCharts } from './components/chart-loader';

reportRuntime('reports', React);

// The pages this remote owns (the route table, appRoutes in @bo/contracts, names the owner of each path). Each page's code (and antd) comes in a chunk of its own,
// so that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  {
    path: '/rapports/historique-contact',
    ...lazyPage(() =>
      import('./features/contact-history/components/contact-history-page').then(
        (page) => page.ContactHistoryReportPage,
      ),
    ),
  },
  {
    path: '/rapports/annuaire',
    ...lazyPage(() => import('./features/directory/components/directory-page').then((page) => page.DirectoryPage)),
  },
  // The two pages with charts: Chart.js downloads beside the page's chunk (when the page opens or its menu entry is
  // about to be clicked), never for the other pages.
  {
    path: '/rapports/taches',
    ...lazyPage(() => {
      preloadCharts();
      return import('./features/task-report/components/task-report-page').then((page) => page.TaskReportPage);
    }),
  },
  {
    path: '/rapports/stats',
    ...lazyPage(() => {
      preloadCharts();
      return import('./features/stats/components/stats-page').then((page) => page.StatsPage);
    }),
  },
];
