import { endpoints } from '@bo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, bearer, ok } from '../envelope';

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: endpoints.tasks.method,
    url: endpoints.tasks.path,
    schema: {
      tags: ['tasks'],
      summary: 'Task types that can be given to a todo',
      security: bearer,
      response: answers(endpoints.tasks.response),
    },
    handler: async () => ok(await app.repos.tasks.listActive()),
  });
};
