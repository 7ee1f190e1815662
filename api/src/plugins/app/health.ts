import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';

export const HEALTH_PATH = '/health';
export const READY_PATH = '/ready';

// For a load balancer: /health says the process answers (liveness), /ready that it can reach its database
// (readiness), within the database timeouts. Public, and outside the endpoint table: no client calls them.
// Both answer 503 "stopping" once the instance drains (plugins/app/drain.ts), so that a balancer takes it out.
export const healthPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    const stopping = (reply: FastifyReply) => reply.code(503).send({ data: { status: 'stopping' }, errors: [] });
    app.get(HEALTH_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      app.draining ? stopping(reply) : { data: { status: 'ok' }, errors: [] },
    );
    app.get(READY_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
      if (app.draining) return stopping(reply);
      try {
        await sql`select 1`.execute(db);
      } catch {
        throw new AppError('queryException', { status: 503 });
      }
      return { data: { status: 'ready' }, errors: [] };
    });
  },
  { name: 'health', dependencies: ['drain'] },
);
