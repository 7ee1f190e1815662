import { adminEndpoints, phraseEndpoints } from './admin';
import { companyEndpoints } from './companies';
import { contactEndpoints } from './contacts';
import { importEndpoints } from './import';
import type { ListedEndpoint } from './endpoint';
import { taskEndpoints } from './tasks';
import { teamEndpoints } from './team';
import { todoEndpoints } from './todos';
import { userEndpoints } from './user';

export * from './endpoint';
export * from './params';

// Every call of the API (spec section 7 plus what the server adds), one group per resource, shared by the
// server (routes, OpenAPI, permissions) and the browser (paths, parameters, response parsing).
export const endpoints = {
  ...userEndpoints,
  ...companyEndpoints,
  ...contactEndpoints,
  ...taskEndpoints,
  ...teamEndpoints,
  ...todoEndpoints,
  ...phraseEndpoints,
  ...adminEndpoints,
  ...importEndpoints,
} satisfies Record<string, ListedEndpoint>;

export type EndpointName = keyof typeof endpoints;
