import { reportRuntime } from '@bo/client';
import { lazyPage } from '@bo/ui/lazy-page';
import type { RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('contacts', React);

// The pages this remote owns (the route table, appRoutes in @bo/contracts, names the owner of each path). Each page's code (and antd) comes in a chunk of its own,
// so that this module runs as soon as the remote arrives.
export const routes: RemotePage[] = [
  {
    path: '/liste-contacts',
    ...lazyPage(() => import('./features/contacts/components/contact-list-page').then((page) => page.ContactListPage)),
  },
  {
    path: '/liste-societes',
    ...lazyPage(() => import('./features/companies/components/company-list-page').then((page) => page.CompanyListPage)),
  },
  {
    path: '/liste-contacts-veille',
    ...lazyPage(() => import('./features/standby/components/standby-page').then((page) => page.StandbyContactsPage)),
  },
  { path: '/equipe', ...lazyPage(() => import('./features/team/components/team-page').then((page) => page.TeamPage)) },
];
