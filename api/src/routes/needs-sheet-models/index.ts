import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';

export async function needsSheetModelRoutes(app: FastifyInstance) {
  const models = app.repos.needsSheetModels;

  registerEndpoint(app, endpoints.needsSheetModels, async (request) =>
    models.list(request.query.withArchived === true),
  );
  registerEndpoint(app, endpoints.createNeedsSheetModel, async (request) => models.create(request.body));
  registerEndpoint(app, endpoints.updateNeedsSheetModel, async (request) =>
    models.update(request.params.id, request.body),
  );
}
