import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

// The search box of every page (docs/search.md): the kinds the caller may read.
export async function searchRoutes(app: FastifyInstance) {
  registerEndpoint(app, endpoints.search, async (request) =>
    app.repos.search.search(authOf(request).actor, request.query.q),
  );
}
