import { reportRuntime } from '@bo/client';
import { ComingSoon, PageFrame, type RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('admin', React);

// The pages this remote owns (ARCHITECTURE section 3). Their content ships with each feature's issue.
export const routes: RemotePage[] = [
  {
    path: '/gestion-taches',
    element: (
      <PageFrame path="/gestion-taches">
        <ComingSoon what="La gestion des types de tâches" />
      </PageFrame>
    ),
  },
  {
    path: '/liste-utilisateurs',
    element: (
      <PageFrame path="/liste-utilisateurs">
        <ComingSoon what="La liste des utilisateurs" />
      </PageFrame>
    ),
  },
  {
    path: '/phrases',
    element: (
      <PageFrame path="/phrases">
        <ComingSoon what="Les phrases prédéfinies" />
      </PageFrame>
    ),
  },
];
