import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      // The front ends live on other origins and read the API through CORS with a bearer token; CORP would only
      // stop them from reading responses that CORS and the token already guard.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
  },
  { name: 'security-headers' },
);
