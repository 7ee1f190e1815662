import { bodyContentType, grantsToken, type ListedEndpoint } from '@bo/contracts/all';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { answers, ok } from './envelope';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

// The request of an endpoint's handler, typed from its entry: params, query and body as the schemas decoded them.
export type EndpointRequest<E extends ListedEndpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

// A handler returns the envelope's data, or the reply when it has sent the answer itself (cached answers).
export type EndpointHandler<E extends ListedEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | FastifyReply>;

// Registers one call of the contract's endpoint table: everything but the handler comes from its entry. The auth
// hook checks the token and the permission before the body is read; the handler then gets decoded input.
export function registerEndpoint<E extends ListedEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      public: endpoint.access === 'public',
      permission: typeof endpoint.access === 'object' ? endpoint.access : undefined,
      file: endpoint.file,
      grantsToken: grantsToken(endpoint),
    },
    // What validates the input and checks the answer; the documentation of the call is written from the same entry
    // (openapi-operation.ts).
    schema: {
      ...(endpoint.body === undefined || bodyContentType(endpoint.method) === null ? {} : { body: endpoint.body }),
      ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
      ...(endpoint.query === undefined ? {} : { querystring: endpoint.query }),
      // A file's answer is not the envelope: only its errors are.
      ...(endpoint.produces === undefined ? { response: answers(endpoint.response) } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as EndpointRequest<E>, reply);
      // A handler that sent the answer itself (a file, a cached answer) returned the reply: awaiting it waits
      // for the answer to be sent and gives nothing. Sending the envelope then would be a second answer, which
      // Fastify refuses with a warning logged as a 500.
      return reply.sent ? reply : ok(result);
    },
  });
}
