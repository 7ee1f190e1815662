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
    ...lazyPage(async () => {
      // The search shows the sheets feature's columns, filters and panel.
      const [{ SearchPage }, { sheetColumns }, { useSheetFilters }, { SheetPanel }] = await Promise.all([
        import('./features/search/components/search-page'),
        import('./features/sheets/components/sheet-list-page'),
        import('./features/sheets/components/use-sheet-filters'),
        import('./features/sheets/components/sheet-panel'),
      ]);
      return function SheetSearchPage() {
        return <SearchPage sheetColumns={sheetColumns} useSheetFilters={useSheetFilters} SheetPanel={SheetPanel} />;
      };
    }),
  },
  {
    path: '/fiches-de-besoin/models',
    ...lazyPage(() => import('./features/models/components/model-list-page').then((page) => page.ModelListPage)),
  },
  {
    path: '/fiches-de-besoin/status',
    ...lazyPage(() => import('./features/statuses/components/status-list-page').then((page) => page.StatusListPage)),
  },
];
