import { endpoints, toBusinessIsoDate } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function teamRoutes(app: FastifyInstance) {
  const { repos } = app;

  registerEndpoint(app, endpoints.users, async () => repos.team.users());

  registerEndpoint(app, endpoints.team, async (request) =>
    repos.team.members(authOf(request).actor.id, toBusinessIsoDate(new Date())),
  );
}
