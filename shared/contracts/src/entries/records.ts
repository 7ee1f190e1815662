import { adminEndpoints } from '../endpoints/admin';
import { companyEndpoints } from '../endpoints/companies';
import { contactEndpoints } from '../endpoints/contacts';
import type { ListedEndpoint } from '../endpoints/endpoint';
import { importEndpoints } from '../endpoints/import';
import { endpoints as coreEndpoints } from '../endpoints/index';

// `@bo/contracts/records`: companies, contacts, users and teams, history, phrases and task types, with their calls.
// The pages that list or edit them import it; the shell and the agenda never download it.
export * from '@bo/contracts';
export * from '../company';
export * from '../contact-list';
export * from '../record-csv';
export * from '../record-labels';
export * from '../history';
export * from '../history-lines';
export * from '../admin';
export * from '../admin-user';
export * from '../colour-contrast';
export * from '../password-policy';
export * from '../csv-reader';
export * from '../import';

// The calls of companies, contacts, users and teams, phrases and the admin's task types, beside the core ones.
export const endpoints = {
  ...coreEndpoints,
  ...companyEndpoints,
  ...contactEndpoints,
  ...adminEndpoints,
  ...importEndpoints,
} satisfies Record<string, ListedEndpoint>;
