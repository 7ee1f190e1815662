import { z } from 'zod';
import {
  needsSheetStatusOrderPayloadSchema,
  needsSheetStatusSchema,
  needsSheetStatusStorePayloadSchema,
} from '../needs-sheet-statuses';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { emptyPayloadSchema, idParamsSchema, noDataSchema } from './params';

const manage = permission('administration', 'manage');

// The statuses of needs sheets: every role reads them, an admin manages them (listed with the needs sheets in the
// API's documentation).
export const needsSheetStatusEndpoints = endpointGroup('needs-sheets', {
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
    summary:
      'Create a status (label unique, case and accents ignored: existingName; colour #rrggbb, either case, kept in lower case)',
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
