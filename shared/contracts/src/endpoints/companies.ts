import {
  companiesQuerySchema,
  companyListItemSchema,
  companySchema,
  companyStorePayloadSchema,
  companyUpdatePayloadSchema,
  companyViewSchema,
} from '../company';
import { z } from 'zod';
import { listPageSchema } from '../paging';
import { historyEntrySchema, historyQuerySchema } from '../history';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { idParamsSchema } from './params';

export const companyEndpoints = endpointGroup('companies', {
  companies: {
    method: 'GET',
    path: '/companies',
    summary:
      'Companies, one page: search (name, SIRET or city contains, accents and case ignored), filters isActive, kind ' +
      '(head or subsidiary), sector, ownerId; sort on every column',
    access: permission('company', 'read'),
    query: companiesQuerySchema,
    response: listPageSchema(companyListItemSchema),
  },
  exportCompanies: {
    method: 'GET',
    path: '/companies/export',
    summary:
      'The companies list as CSV for French Excel (every page, with the list’s search, filters and sort), streamed',
    access: permission('company', 'export'),
    query: companiesQuerySchema.omit({ page: true, perPage: true }),
    response: z.string(),
    produces: 'text/csv',
  },
  company: {
    method: 'GET',
    path: '/company/:id',
    summary: 'One company, with its subsidiaries and its contacts',
    access: permission('company', 'read'),
    params: idParamsSchema,
    response: companyViewSchema,
  },
  companyHistory: {
    method: 'GET',
    path: '/company/:id/history',
    summary: 'The story of a group, newest first: the company, its subsidiaries (however deep) and all their contacts',
    access: permission('company', 'read'),
    params: idParamsSchema,
    query: historyQuerySchema,
    response: listPageSchema(historyEntrySchema),
  },
  createCompany: {
    method: 'POST',
    path: '/company/store',
    summary: 'Create a company (SIRET unique and Luhn-checked, name unique accents and case ignored, parent active)',
    access: permission('company', 'create'),
    body: companyStorePayloadSchema,
    response: companySchema,
  },
  updateCompany: {
    method: 'POST',
    path: '/company/:id/store',
    summary:
      'Update a company from the version read (409 editConflict over a newer one); isActive=0 deactivates it when it has no active contact and no active subsidiary',
    access: permission('company', 'update'),
    params: idParamsSchema,
    body: companyUpdatePayloadSchema,
    response: companySchema,
  },
});
