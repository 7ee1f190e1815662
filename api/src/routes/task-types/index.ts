import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';

export async function taskTypeRoutes(app: FastifyInstance) {
  registerEndpoint(app, endpoints.tasks, async () => app.repos.taskTypes.listActive());
}
