import { reportRuntime } from '@bo/client';
import { ComingSoon, PageFrame, type RemotePage } from '@bo/ui';
import * as React from 'react';

reportRuntime('contacts', React);

// The pages this remote owns (ARCHITECTURE section 3). Their content ships with each feature's issue.
export const routes: RemotePage[] = [
  {
    path: '/liste-contacts',
    element: (
      <PageFrame path="/liste-contacts">
        <ComingSoon what="La liste des contacts" />
      </PageFrame>
    ),
  },
  {
    path: '/liste-societes',
    element: (
      <PageFrame path="/liste-societes">
        <ComingSoon what="La liste des sociétés" />
      </PageFrame>
    ),
  },
  {
    path: '/liste-contacts-veille',
    element: (
      <PageFrame path="/liste-contacts-veille">
        <ComingSoon what="Les contacts en veille" />
      </PageFrame>
    ),
  },
  {
    path: '/equipe',
    element: (
      <PageFrame path="/equipe">
        <ComingSoon what="Votre équipe" />
      </PageFrame>
    ),
  },
];
