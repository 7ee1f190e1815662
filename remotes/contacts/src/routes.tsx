import { reportRuntime } from '@bo/client';
import { lazyOverlay } from '@bo/ui/lazy-overlay';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import type { ImportKind } from '@bo/contracts/records';
import * as React from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { ImportDialogProps } from './features/import/components/import-dialog';

reportRuntime('contacts', React);

// The lists of contacts and of companies, each given the import feature's dialog, whose code (its steps, antd's
// dialog and steps, the import's contract) loads when it first opens.
const ImportDialog = lazyOverlay<ImportDialogProps>(() =>
  import('./features/import/components/import-dialog').then((module) => ({ default: module.ImportDialog })),
);
type ImportingPage = ComponentType<{ importDialog: (onClose: () => void) => ReactNode }>;
async function withImport(kind: ImportKind, loadPage: Promise<ImportingPage>): Promise<ComponentType> {
  const Page = await loadPage;
  return function PageWithImport() {
    return <Page importDialog={(onClose) => <ImportDialog kind={kind} open onClose={onClose} />} />;
  };
}

// The pages this remote owns (the route table, appRoutes in @bo/contracts, names the owner of each path). Each page's code (and antd) comes in a chunk of its own,
// so that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  {
    path: '/liste-contacts',
    ...lazyPage(() =>
      withImport(
        'contacts',
        import('./features/contacts/components/contact-list-page').then((page) => page.ContactListPage),
      ),
    ),
  },
  {
    path: '/liste-societes',
    ...lazyPage(() =>
      withImport(
        'companies',
        import('./features/companies/components/company-list-page').then((page) => page.CompanyListPage),
      ),
    ),
  },
  {
    path: '/liste-contacts-veille',
    ...lazyPage(() => import('./features/standby/components/standby-page').then((page) => page.StandbyContactsPage)),
  },
  { path: '/equipe', ...lazyPage(() => import('./features/team/components/team-page').then((page) => page.TeamPage)) },
];
