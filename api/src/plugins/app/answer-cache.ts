import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { createAnswerCache } from '../../cache/answer-cache';
import type { VersionedJson } from '../../repositories/data-version';
import { okJsonBody } from '../../routes/envelope';
import { globalPlugin } from '../global-plugin';
import { authOf } from './auth';

export type CachedAnswer = {
  // Everything the data depends on besides the database: who asks (as far as it matters) and the query.
  key: string;
  // The envelope's schema, to check what the database built when responses are checked.
  schema: z.ZodType;
  build: () => Promise<VersionedJson>;
};

declare module 'fastify' {
  interface FastifyInstance {
    // Sends a large success from memory while the data it is made of has not changed, built anew otherwise.
    sendCached: (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) => Promise<FastifyReply>;
  }
}

// A caller sending Cache-Control: no-cache (a browser's hard reload, a check) gets an answer built anew.
const wantsFresh = (request: FastifyRequest) => /(^|,)\s*no-cache\s*(,|$)/i.test(request.headers['cache-control'] ?? '');

export const answerCachePlugin = globalPlugin('answer-cache', async (app) => {
  const cache = createAnswerCache(app.config.answerCacheBytes);
  const check = app.config.checkResponses;
  app.decorate('sendCached', async (request: FastifyRequest, reply: FastifyReply, { key, schema, build }: CachedAnswer) => {
    const { body, outcome } = await cache.read(
      key,
      authOf(request).dataVersion,
      async () => {
        const { json, version } = await build();
        return { body: okJsonBody(request.url, json, check ? schema : null), version };
      },
      wantsFresh(request),
    );
    // Says whether this instance answered from memory (tests and benchmarks read it).
    return reply.header('x-cache', outcome).type('application/json; charset=utf-8').send(body);
  });
});
