import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { globalPlugin } from '../global-plugin';

export const DOCS_PREFIX = '/docs';

// The OpenAPI description is generated from the very zod schemas that validate the routes.
export const openApiPlugin = globalPlugin('openapi', async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Back-office API',
        description:
          'Every answer is { data, errors: [{ message, field? }], debug? }. POST and DELETE take multipart/form-data, ' +
          'PUT and PATCH JSON, GET query strings; booleans travel as 0/1 and dates as Unix seconds. ' +
          'Send the token as `Authorization: Bearer <token>`; each authenticated answer carries a refreshed one in ' +
          'its `authorization` header.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation is public: every route of this child context is marked so for the auth hook.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  });
});
