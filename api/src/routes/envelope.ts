import { envelopeSchema } from '@bo/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

// A success: the data and an empty error list.
export function ok<T>(data: T): { data: T; errors: [] } {
  return { data, errors: [] };
}

// The 200 response schema of a call whose data is `data`.
export const answers = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });

// A success whose data is JSON text the database built: spliced into the envelope as is, so a large answer is
// neither parsed into objects nor serialized again (a string payload with a JSON content type skips Fastify's
// serializer). When responses are checked (tests, debug), the body must be exactly what serializing the
// schema-checked value would give: same keys, same order, same values.
export function sendOkJson(reply: FastifyReply, dataJson: string, check: z.ZodType | null): FastifyReply {
  const body = `{"data":${dataJson},"errors":[]}`;
  if (check !== null) {
    const parsed = check.parse(JSON.parse(body));
    if (JSON.stringify(parsed) !== body) throw new Error(`${reply.request.url}: the JSON built by the database differs from the contract's`);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

export const bearer = [{ bearerAuth: [] }];
export const multipartBody = ['multipart/form-data'];
