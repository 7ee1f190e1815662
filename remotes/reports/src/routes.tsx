import { reportRuntime } from '@bo/client';
import { ComingSoon, PageFrame, type RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('reports', React);

// The pages this remote owns (ARCHITECTURE section 3). Their content ships with each feature's issue.
export const routes: RemotePage[] = [
  {
    path: '/rapports/historique-contact',
    element: (
      <PageFrame path="/rapports/historique-contact">
        <ComingSoon what="L’historique des contacts" />
      </PageFrame>
    ),
  },
  {
    path: '/rapports/annuaire',
    element: (
      <PageFrame path="/rapports/annuaire">
        <ComingSoon what="L’annuaire" />
      </PageFrame>
    ),
  },
  {
    path: '/rapports/taches',
    element: (
      <PageFrame path="/rapports/taches">
        <ComingSoon what="Le rapport des tâches" />
      </PageFrame>
    ),
  },
  {
    path: '/rapports/stats',
    element: (
      <PageFrame path="/rapports/stats">
        <ComingSoon what="Les statistiques" />
      </PageFrame>
    ),
  },
];
