import { errorCatalogue, type ApiError, type Envelope, type ErrorCode } from '@bo/contracts/all';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError, ruleBrokenInDatabase } from '../../errors';
import type { KnownRoutes } from './known-routes';

function envelope(errors: ApiError[], debug?: unknown): Envelope<null> {
  return debug === undefined ? { data: null, errors } : { data: null, errors, debug };
}

function send(reply: FastifyReply, status: number, errors: ApiError[], debug?: unknown) {
  return reply.code(status).type('application/json; charset=utf-8').send(envelope(errors, debug));
}

const fail = (reply: FastifyReply, code: ErrorCode, debug?: unknown) =>
  send(reply, errorCatalogue[code].status, [{ message: code }], debug);

// One entry per failing field, each with the catalogue code (the French texts live in the contracts).
function validationErrors(error: FastifyError): ApiError[] {
  const fields = new Set<string>();
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0];
    fields.add(field);
  }
  const list = [...fields].map((field): ApiError =>
    field === '' ? { message: 'dataInvalid' } : { message: 'dataInvalid', field },
  );
  return list.length > 0 ? list : [{ message: 'dataInvalid' }];
}

// The single error handler: a known error becomes its catalogue code in the envelope; anything else is logged
// with the request id and answered internalServerError, its detail only in `debug` when API_DEBUG=1.
export const errorsPlugin = fp<{ knownRoutes: KnownRoutes }>(
  async (app, { knownRoutes }) => {
    const debug = app.config.debug;

    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        return send(reply, error.status, error.errors);
      }
      const rule = ruleBrokenInDatabase(error);
      if (rule !== undefined) {
        return send(reply, rule.status, rule.errors);
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
        return send(reply, errorCatalogue.dataInvalid.status, validationErrors(error));
      }
      // Fastify's own client errors: malformed JSON or multipart, unsupported media type, body too large...
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        // Too large and unsupported media type keep their status; the rest is data the call cannot use.
        const status =
          error.statusCode === 413 || error.statusCode === 415 ? error.statusCode : errorCatalogue.dataInvalid.status;
        request.log.warn({ reqId: request.id, code: error.code }, 'malformed request');
        return send(
          reply,
          status,
          [{ message: 'dataInvalid' }],
          debug ? { code: error.code, message: error.message } : undefined,
        );
      }
      // The database cannot answer now: a catalogue error the browser shows in French, and a status that says
      // to try again, rather than a request left hanging or a bare 500.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ reqId: request.id, message: error.message }, 'database unavailable');
        return send(reply, 503, [{ message: 'queryException' }], debug ? { message: error.message } : undefined);
      }
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      return fail(reply, 'internalServerError', debug ? { message: error.message, stack: error.stack } : undefined);
    });

    // Unknown path: unknownCommand; known path with another method: methodNotAllowed.
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const allowed = knownRoutes.methodsFor(request.url);
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return fail(reply, 'methodNotAllowed');
      }
      return fail(reply, 'unknownCommand');
    });
  },
  { name: 'errors' },
);
