import { z } from 'zod';
import { needsSheetModelSchema, needsSheetModelStorePayloadSchema, needsSheetModelsQuerySchema } from '../needs-sheet';
import { permission } from '../permissions';
import { endpointGroup } from './endpoint';
import { idParamsSchema } from './params';

// The models that pre-fill a needs sheet (listed with the needs sheets in the API's documentation).
export const needsSheetModelEndpoints = endpointGroup('needs-sheets', {
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
});
