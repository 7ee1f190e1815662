import { z } from 'zod';
import { historyEntrySchema, historyQuerySchema } from '../history';
import {
  needsSheetModelSchema,
  needsSheetModelStorePayloadSchema,
  needsSheetModelsQuerySchema,
  needsSheetSchema,
  needsSheetSearchItemSchema,
  needsSheetSearchQuerySchema,
  needsSheetsQuerySchema,
  needsSheetListItemSchema,
  needsSheetStatusChangePayloadSchema,
  needsSheetStatusOrderPayloadSchema,
  needsSheetStatusSchema,
  needsSheetStatusStorePayloadSchema,
  needsSheetUpdatePayloadSchema,
  needsSheetStorePayloadSchema,
} from '../needs-sheet';
import { listPageSchema } from '../paging';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, idParamsSchema, noDataSchema } from './params';

const manage = permission('administration', 'manage');

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
    summary: 'The needs sheets list as CSV for French Excel (every page, with the list’s search, filters and sort), streamed',
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
    summary: 'Update a needs sheet from the version read (409 editConflict over a newer one; the same rules); a status change is recorded as such',
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
  needsSheetModels: {
    method: 'GET',
    path: '/need-models',
    summary: 'The models of needs sheets by title; archived ones with withArchived=1',
    access: permission('needsSheetModel', 'read'),
    query: needsSheetModelsQuerySchema,
    response: z.array(needsSheetModelSchema),
  },
  createNeedsSheetModel: {
    method: 'POST',
    path: '/need-model/store',
    summary: 'Create a model (title unique, case and accents ignored: existingTitle)',
    access: permission('needsSheetModel', 'create'),
    body: needsSheetModelStorePayloadSchema,
    response: needsSheetModelSchema,
  },
  updateNeedsSheetModel: {
    method: 'POST',
    path: '/need-model/:id/store',
    summary: 'Update a model; isActive=0 archives it',
    access: permission('needsSheetModel', 'update'),
    params: idParamsSchema,
    body: needsSheetModelStorePayloadSchema,
    response: needsSheetModelSchema,
  },
  needsSheetStatuses: {
    method: 'GET',
    path: '/need-statuses',
    summary: 'The statuses of needs sheets in display order, inactive ones included (every role: the list shows them)',
    access: permission('needsSheet', 'read'),
    response: z.array(needsSheetStatusSchema),
  },
  createNeedsSheetStatus: {
    method: 'POST',
    path: '/admin/need-status/store',
    summary: 'Create a status (label unique, case and accents ignored: existingName; colour #rrggbb, either case, kept in lower case)',
    access: manage,
    body: needsSheetStatusStorePayloadSchema,
    response: needsSheetStatusSchema,
  },
  updateNeedsSheetStatus: {
    method: 'POST',
    path: '/admin/need-status/:id/store',
    summary: 'Update a status; a status in use is deactivated (isActive=0), never deleted',
    access: manage,
    params: idParamsSchema,
    body: needsSheetStatusStorePayloadSchema,
    response: needsSheetStatusSchema,
  },
  deleteNeedsSheetStatus: {
    method: 'DELETE',
    path: '/admin/need-status/:id',
    summary: 'Delete a status no sheet has ever had; one in use is refused (integrityError): deactivate it instead',
    access: manage,
    params: idParamsSchema,
    body: emptyPayloadSchema,
    response: noDataSchema,
  },
  orderNeedsSheetStatuses: {
    method: 'POST',
    path: '/admin/need-statuses/order',
    summary: 'Reorder the statuses: ids, a JSON array, in their new display order (every status once)',
    access: manage,
    body: needsSheetStatusOrderPayloadSchema,
    response: z.array(needsSheetStatusSchema),
  },
});
