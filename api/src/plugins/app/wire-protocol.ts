import { errorCatalogue, type ApiError } from '@bo/contracts/all';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { inputProblem } from '../../http/input-walk';
import { requestLimits } from '../../limits';
import type { KnownRoutes } from './known-routes';

// The body each method takes (the wire protocol, docs/requirements.md): POST and DELETE multipart/form-data, PUT
// and PATCH JSON.
const bodyTypeOf: Record<string, string> = {
  POST: 'multipart/form-data',
  DELETE: 'multipart/form-data',
  PUT: 'application/json',
  PATCH: 'application/json',
};

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

// Checks of the wire protocol that hold for every call, so that no route can forget them.
export const wireProtocolPlugin = fp<{ knownRoutes: KnownRoutes }>(
  async (app, { knownRoutes }) => {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'OPTIONS') {
        // A CORS preflight (Origin and Access-Control-Request-Method) is answered by the CORS plugin; a plain
        // OPTIONS gets the envelope, with the methods of the path in Allow.
        if (request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined)
          return;
        // Answered here rather than thrown: the CORS plugin's catch-all OPTIONS route was registered before the
        // error handler existed.
        const allowed = knownRoutes.methodsFor(request.url);
        const errors: ApiError[] = allowed.length === 0 ? [{ message: 'unknownCommand' }] : [];
        if (allowed.length > 0) reply.header('allow', [...allowed, 'OPTIONS'].join(', '));
        return reply
          .code(allowed.length === 0 ? errorCatalogue.unknownCommand.status : 200)
          .type('application/json; charset=utf-8')
          .send({ data: null, errors });
      }
      const expected = bodyTypeOf[request.method];
      if (expected === undefined || request.is404 || !hasBody(request)) return;
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      // 415: the body is in another form than the protocol's for this method (JSON on a multipart call...).
      if (type !== expected) throw new AppError('dataInvalid', { status: 415 });
    });
  },
  { name: 'wire-protocol' },
);

// Once the body is parsed (multipart fields included), before validation drops the fields a call does not
// know: no NUL character, no nesting deeper than any call takes (http/input-walk.ts). Registered after the
// multipart plugin, whose own preValidation hook reads the fields.
export const inputChecksPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const part of [request.params, request.query, request.body]) {
        const problem = inputProblem(part, requestLimits.jsonDepth);
        if (problem !== null) throw new AppError('dataInvalid', problem.field === '' ? {} : { field: problem.field });
      }
    });
  },
  { name: 'input-checks' },
);
