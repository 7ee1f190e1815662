import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';

export async function needsSheetStatusRoutes(app: FastifyInstance) {
  const statuses = app.repos.needsSheetStatuses;

  registerEndpoint(app, endpoints.needsSheetStatuses, async () => statuses.list());
  registerEndpoint(app, endpoints.createNeedsSheetStatus, async (request) => statuses.create(request.body));
  registerEndpoint(app, endpoints.updateNeedsSheetStatus, async (request) =>
    statuses.update(request.params.id, request.body),
  );
  registerEndpoint(app, endpoints.deleteNeedsSheetStatus, async (request) => {
    await statuses.remove(request.params.id);
    return null;
  });
  registerEndpoint(app, endpoints.orderNeedsSheetStatuses, async (request) => statuses.order(request.body.ids));
}
