import { z } from 'zod';
import { historyEntrySchema, historyQuerySchema } from '../history';
import {
  needsSheetSchema,
  needsSheetSearchItemSchema,
  needsSheetSearchQuerySchema,
  needsSheetsQuerySchema,
  needsSheetListItemSchema,
  needsSheetStatusChangePayloadSchema,
  needsSheetUpdatePayloadSchema,
  needsSheetStorePayloadSchema,
} from '../needs-sheet';
import { listPageSchema } from '../paging';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, idParamsSchema } from './params';

export const needsSheetEndpoints = endpointGroup('needs-sheets', {
  needsSheets: {
    method: 'GET',
    path: '/needs',
    summary:
      'Needs sheets, one page: search (reference, title, company contains), scope my/team/all, filters statusId, open, ' +
      'companyId, ownerId, recruiterId, priority, late; sort on every column',
    access: permission('needsSheet', 'read'),
    query: needsSheetsQuerySchema,
    response: listPageSchema(needsSheetListItemSchema),
  },
  searchNeedsSheets: {
    method: 'GET',
    path: '/needs/search',
    summary:
      'Full-text search over title, description and skills (French stemming, accents and case ignored) with the ' +
      'list filters, ranked, each item with its snippets (matched words in <mark>); stop words only: an empty page',
    access: permission('needsSheet', 'read'),
    query: needsSheetSearchQuerySchema,
    response: listPageSchema(needsSheetSearchItemSchema),
  },
  exportNeedsSheets: {
    method: 'GET',
    path: '/needs/export',
    summary:
      'The needs sheets list as CSV for French Excel (every page, with the list’s search, filters and sort), streamed',
    access: permission('needsSheet', 'export'),
    query: needsSheetsQuerySchema.omit({ page: true, perPage: true }),
    response: z.string(),
    produces: 'text/csv',
  },
  needsSheet: {
    method: 'GET',
    path: '/need/:id',
    summary: 'One needs sheet',
    access: permission('needsSheet', 'read'),
    params: idParamsSchema,
    response: needsSheetSchema,
  },
  needsSheetHistory: {
    method: 'GET',
    path: '/need/:id/history',
    summary: 'The story of a needs sheet, newest first: its creation, changes and status changes with their comments',
    access: permission('needsSheet', 'read'),
    params: idParamsSchema,
    query: historyQuerySchema,
    response: listPageSchema(historyEntrySchema),
  },
  createNeedsSheet: {
    method: 'POST',
    path: '/need/store',
    summary:
      'Create a needs sheet: reference BES-<year>-<sequence> given by the server; deadline by default the received date ' +
      'plus the model’s delay (10 days); company and contact active (inactiveCompany), the contact of that company',
    access: permission('needsSheet', 'create'),
    body: needsSheetStorePayloadSchema,
    response: needsSheetSchema,
  },
  updateNeedsSheet: {
    method: 'POST',
    path: '/need/:id/store',
    summary:
      'Update a needs sheet from the version read (409 editConflict over a newer one; the same rules); a status change is recorded as such',
    access: permission('needsSheet', 'update'),
    params: idParamsSchema,
    body: needsSheetUpdatePayloadSchema,
    response: needsSheetSchema,
  },
  changeNeedsSheetStatus: {
    method: 'POST',
    path: '/need/:id/status',
    summary:
      'Change the status of a needs sheet, with a comment; recorded in its history with who and when. A member of the ' +
      'recruitment team without a business role changes only the sheets they are assigned to (forbidden otherwise)',
    access: permission('needsSheetProgress', 'update'),
    params: idParamsSchema,
    body: needsSheetStatusChangePayloadSchema,
    response: needsSheetSchema,
  },
  duplicateNeedsSheet: {
    method: 'POST',
    path: '/need/:id/duplicate',
    summary: 'A new sheet copied from this one: a new reference, received today, first status, nothing filled',
    access: permission('needsSheet', 'create'),
    params: idParamsSchema,
    body: emptyPayloadSchema,
    response: needsSheetSchema,
  },
});
