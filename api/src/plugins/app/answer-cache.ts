import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import fp from 'fastify-plugin';
import { createAnswerCache } from '../../freshness/answer-cache';
import type { VersionedJson } from '../../freshness/data-version';
import { okJsonBody } from '../../http/envelope';

export type CachedAnswer = {
  // Everything the data depends on besides the database: who asks (as far as it matters) and the query.
  key: string;
  // The version of the data it is made of now (repos.versions), read before the answer is looked for in memory.
  version: string;
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

const gzipped = promisify(gzip);

// Answers from this size on go gzipped to the callers that accept it (every browser): a month of 2 000 todos is
// about 1.3 MB of JSON, some 120 KB gzipped. Each answer kept in memory is compressed once, off the event
// loop, on the first such call, and its gzip form goes when the answer leaves the memory.
// Level 3, not zlib's 6: an answer is compressed again after each change of its data, on the cores that serve the
// requests. A month of 1.36 MB: 5.5 ms and 120 KB at level 3, 13.4 ms and 97 KB at level 6.
const GZIP_FROM_BYTES = 1024;
const GZIP_LEVEL = 3;
const gzipOf = new WeakMap<Buffer, Promise<Buffer>>();

function gzipForm(body: Buffer): Promise<Buffer> {
  let pending = gzipOf.get(body);
  if (pending === undefined) {
    pending = gzipped(body, { level: GZIP_LEVEL });
    gzipOf.set(body, pending);
  }
  return pending;
}

// Accept-Encoding names gzip without refusing it (q=0).
function acceptsGzip(request: FastifyRequest): boolean {
  return String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      return coding === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
    });
}

// A caller sending Cache-Control: no-cache (a browser's hard reload, a check) gets an answer built anew.
const wantsFresh = (request: FastifyRequest) =>
  /(^|,)\s*no-cache\s*(,|$)/i.test(request.headers['cache-control'] ?? '');

// The change log is folded when it holds this many rows, checked this often: the versions every cached answer and
// kept total reads sum it, so it stays short.
const FOLD_FROM_ROWS = 200;
const FOLD_EVERY_MS = 5_000;

export const answerCachePlugin = fp(
  async (app) => {
    const cache = createAnswerCache(app.config.answerCacheBytes);
    // A fold's deleted rows are vacuumed at the next tick, once the requests running during the fold have ended.
    let vacuumDue = false;
    const fold = setInterval(() => {
      void (async () => {
        if (vacuumDue) await app.repos.dataChanges.vacuum();
        vacuumDue = (await app.repos.dataChanges.fold(FOLD_FROM_ROWS)) > 0;
      })().catch((error: unknown) => app.log.warn({ err: error }, 'folding the data change log failed'));
    }, FOLD_EVERY_MS);
    fold.unref();
    app.addHook('onClose', async () => clearInterval(fold));
    const check = app.config.checkResponses;
    app.decorate(
      'sendCached',
      async (request: FastifyRequest, reply: FastifyReply, { key, version, schema, build }: CachedAnswer) => {
        const { body, outcome } = await cache.read(
          key,
          version,
          async () => {
            const { json, version } = await build();
            return { body: okJsonBody(request.url, json, check ? schema : null), version };
          },
          wantsFresh(request),
        );
        app.metrics.answerCache.inc({ outcome });
        // Says whether this instance answered from memory (tests and benchmarks read it).
        reply.header('x-cache', outcome).header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
        if (body.length >= GZIP_FROM_BYTES && acceptsGzip(request))
          return reply.header('content-encoding', 'gzip').send(await gzipForm(body));
        return reply.send(body);
      },
    );
  },
  { name: 'answer-cache', dependencies: ['metrics'] },
);
