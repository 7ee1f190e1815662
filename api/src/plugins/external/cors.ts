import cors from '@fastify/cors';
import { AUTHORIZATION_HEADER, REQUEST_ID_HEADER } from '@bo/contracts/all';
import fp from 'fastify-plugin';

export const corsPlugin = fp<{ origins: string[] }>(
  async (app, { origins }) => {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // last-event-id: the event stream's resume (docs/live-changes.md).
      allowedHeaders: ['authorization', 'content-type', 'accept', 'last-event-id', REQUEST_ID_HEADER],
      // The browser must be able to read the refreshed token, and the request id it shows with an error.
      exposedHeaders: [AUTHORIZATION_HEADER, 'content-disposition', REQUEST_ID_HEADER],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
