import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';

export async function phraseRoutes(app: FastifyInstance) {
  registerEndpoint(app, endpoints.phrases, async () => app.repos.phrases.list(true));
}
