import { reportRuntime } from '@bo/client';
import { ComingSoon, PageFrame, type RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('needsSheets', React);

// The pages this remote owns (ARCHITECTURE section 3). Their content ships with each feature's issue.
export const routes: RemotePage[] = [
  {
    path: '/fiches-de-besoin',
    element: (
      <PageFrame path="/fiches-de-besoin">
        <ComingSoon what="Les fiches de besoin" />
      </PageFrame>
    ),
  },
  {
    path: '/fiches-de-besoin/recherche',
    element: (
      <PageFrame path="/fiches-de-besoin/recherche">
        <ComingSoon what="La recherche de fiches" />
      </PageFrame>
    ),
  },
  {
    path: '/fiches-de-besoin/models',
    element: (
      <PageFrame path="/fiches-de-besoin/models">
        <ComingSoon what="Les modèles de fiches" />
      </PageFrame>
    ),
  },
  {
    path: '/fiches-de-besoin/status',
    element: (
      <PageFrame path="/fiches-de-besoin/status">
        <ComingSoon what="Les statuts des fiches" />
      </PageFrame>
    ),
  },
];
