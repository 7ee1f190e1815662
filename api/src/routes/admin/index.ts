import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

// The admin pages' calls: the permission table (administration:manage) refuses every non-admin before any
// handler runs; every change is in the history, with who made it.
export async function adminRoutes(app: FastifyInstance) {
  const { repos } = app;

  registerEndpoint(app, endpoints.adminTaskTypes, async () => repos.tasks.listAll());
  registerEndpoint(app, endpoints.createTaskType, async (request) => repos.tasks.create(request.body, authOf(request).user.id));
  registerEndpoint(app, endpoints.updateTaskType, async (request) => repos.tasks.update(request.params.id, request.body, authOf(request).user.id));

  registerEndpoint(app, endpoints.adminPhrases, async () => repos.phrases.list(false));
  registerEndpoint(app, endpoints.createPhrase, async (request) => repos.phrases.create(request.body, authOf(request).user.id));
  registerEndpoint(app, endpoints.updatePhrase, async (request) => repos.phrases.update(request.params.id, request.body, authOf(request).user.id));
}
