import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { documentOperation, endpointAt, ERROR_ENVELOPE, errorEnvelopeJsonSchema } from '../../http/openapi-operation';

export const DOCS_PREFIX = '/docs';

// How a caller logs in and gets a token, told on the documentation's first screen: the login's password is
// encrypted, which "Try it out" cannot do, unless the API runs in the development mode made for it.
export function loginHowTo(plainLogin: boolean): string {
  return [
    '## Logging in and getting a token',
    '1. `POST /user/login` with `trigram`, `password` and `save` (multipart/form-data).',
    '2. When the API has a login key pair (`LOGIN_PRIVATE_KEY_FILE`, as `npm start` sets), `password` must be ' +
      "encrypted: RSA-OAEP with SHA-256 under the public key given as `key` in the front end's `config.json`, " +
      'then base64. A plain password is refused `autenticationFailed`. Without a key pair the password travels plain.',
    "3. The answer's `authorization` header holds the token (`Bearer …`): give it to **Authorize** above (the token " +
      'alone, without `Bearer`), or send it as `Authorization: Bearer <token>`.',
    plainLogin
      ? '**Development mode is on** (`API_DOCS_PLAIN_LOGIN=1`): the login also takes the plain password, so ' +
        '"Try it out" on `POST /user/login` works as it is. Never on in production.'
      : 'For "Try it out" on a development machine, start the API with `API_DOCS_PLAIN_LOGIN=1`: the login then ' +
        'also takes the plain password. It is off by default and refused when `NODE_ENV=production`.',
  ].join('\n\n');
}

// Swagger UI sets style attributes as it renders (the operations it opens, its models): the documentation's pages
// allow inline styles, and nothing more. Scripts keep the plugin's strict list (its own files and hashes). A hash in
// style-src would make browsers ignore 'unsafe-inline', so the directive is written whole.
export function docsPolicy(header: string): string {
  return header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';");
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

// Zod schemas to JSON Schema first; then a call of the contract's table gets its documentation from its entry.
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const converted = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const entry = methods.length === 1 ? endpointAt(methods[0], input.url) : undefined;
  if (entry === undefined || converted.schema === undefined) return converted;
  return {
    ...converted,
    schema: documentOperation(entry.name, entry.endpoint, converted.schema as Record<string, unknown>),
  };
}

// The OpenAPI description is generated from the very zod schemas that validate the routes.
export const openApiPlugin = fp(
  async (app, { plainLogin }: { plainLogin: boolean }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Back-office API',
          description:
            'Every answer is { data, errors: [{ message, field? }], debug? }. POST and DELETE take multipart/form-data, ' +
            'PUT and PATCH JSON, GET query strings; booleans travel as 0/1 and dates as Unix seconds. ' +
            'Send the token as `Authorization: Bearer <token>`; each authenticated answer carries a refreshed one in ' +
            'its `authorization` header.\n\n' +
            loginHowTo(plainLogin),
          version: '0.1.0',
        },
        // The API that serves this document.
        servers: [{ url: '/', description: 'This API' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
          schemas: { [ERROR_ENVELOPE]: errorEnvelopeJsonSchema },
        },
      },
      transform,
    });
    // The documentation is public: every route of this child context is marked so for the auth hook.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true, transformStaticCSP: docsPolicy });
    });
  },
  { name: 'openapi' },
);
