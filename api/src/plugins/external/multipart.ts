import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { requestLimits } from '../../limits';
import { globalPlugin } from '../global-plugin';

const tooLarge = (field?: string) => new AppError('dataInvalid', { status: 413, ...(field === undefined ? {} : { field }) });

// The fields of a multipart body as a plain object of strings. Whatever busboy reports on the way (no or a wrong
// boundary, a body cut short, a part past a limit) is the caller's mistake: a 4xx, never a 500. A field past its
// limit stops the reading at once instead of being kept truncated.
async function readFields(request: FastifyRequest): Promise<Record<string, string>> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > requestLimits.bodyBytes) throw tooLarge();
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
  };
  request.raw.on('data', count);
  const body: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (received > requestLimits.bodyBytes) throw tooLarge();
      if (part.type === 'file') throw new AppError('dataInvalid', { field: part.fieldname });
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge(part.fieldname);
      // A field sent twice is ambiguous: refused rather than guessed.
      if (Object.hasOwn(body, part.fieldname)) throw new AppError('dataInvalid', { field: part.fieldname });
      body[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
    // A file where a field was expected is bad data like any other; too many parts or fields is too large.
    if (code === 'FST_FILES_LIMIT') throw new AppError('dataInvalid');
    throw new AppError('dataInvalid', { status: statusCode === 413 ? 413 : 400 });
  } finally {
    request.raw.off('data', count);
  }
  return body;
}

// POST and DELETE bodies are multipart/form-data, turned into a plain object of strings before validation, so
// the same zod wire schemas decode them.
export const multipartPlugin = globalPlugin('multipart', async (app) => {
  await app.register(multipart, {
    limits: {
      fields: requestLimits.fields,
      fieldSize: requestLimits.fieldBytes,
      files: requestLimits.files,
      parts: requestLimits.parts,
      fieldNameSize: requestLimits.fieldNameBytes,
    },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readFields(request);
  });
});
