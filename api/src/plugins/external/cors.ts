import cors from '@fastify/cors';
import { AUTHORIZATION_HEADER } from '@bo/contracts/all';
import fp from 'fastify-plugin';

export const corsPlugin = fp<{ origins: string[] }>(
  async (app, { origins }) => {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'accept'],
      // The browser must be able to read the refreshed token.
      exposedHeaders: [AUTHORIZATION_HEADER, 'content-disposition'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
