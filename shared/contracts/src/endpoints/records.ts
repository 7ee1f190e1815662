import { adminEndpoints } from './admin';
import { companyEndpoints } from './companies';
import { contactEndpoints } from './contacts';
import type { ListedEndpoint } from './endpoint';
import { importEndpoints } from './import';
import { endpoints as coreEndpoints } from './index';

// The calls of companies, contacts, users and teams, phrases and the admin's task types, beside the core ones.
export const endpoints = {
  ...coreEndpoints,
  ...companyEndpoints,
  ...contactEndpoints,
  ...adminEndpoints,
  ...importEndpoints,
} satisfies Record<string, ListedEndpoint>;
