import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { UploadedFile } from '@bo/contracts/all';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { newUploadPath, removeAbandonedUploads } from '../../http/upload-files';
import { requestLimits, uploadLimits } from '../../limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    // The multipart field in which the call takes a file (endpoint entries with `file`).
    file?: string;
  }
  interface FastifyRequest {
    // The temporary files of the request's uploads, removed once it is answered.
    uploads: string[] | null;
  }
}

const tooLarge = (field?: string) =>
  new AppError('dataInvalid', { status: 413, ...(field === undefined ? {} : { field }) });

// The fields of a multipart body as a plain object of strings. Whatever busboy reports on the way (no or a wrong
// boundary, a body cut short, a part past a limit) is the caller's mistake: a 4xx, never a 500. A field past its
// limit stops the reading at once instead of being kept truncated.
async function readFields(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, string | UploadedFile>> {
  const fileField = request.routeOptions.config.file;
  const bodyBytes = fileField === undefined ? requestLimits.bodyBytes : uploadLimits.bodyBytes;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > bodyBytes) throw tooLarge();
  // A body without a length is counted as it arrives, and cut off at the limit: busboy would otherwise read a
  // whole oversized field before reporting it truncated.
  let received = 0;
  let overflow: (() => void) | null = null;
  const cutOff = new Promise<never>((_resolve, reject) => {
    overflow = () => reject(tooLarge());
  });
  cutOff.catch(() => undefined);
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > bodyBytes && overflow !== null) {
      request.raw.unpipe();
      request.raw.pause();
      // The rest of the body is never read: the connection closes after the answer.
      reply.header('connection', 'close');
      overflow();
      overflow = null;
    }
  };
  request.raw.on('data', count);
  const body: Record<string, string | UploadedFile> = {};
  const partLimits =
    fileField === undefined ? {} : { limits: { files: uploadLimits.files, fileSize: uploadLimits.fileBytes } };
  const parts = request.parts(partLimits)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([parts.next(), cutOff]);
      if (next.done === true) break;
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname !== fileField || Object.hasOwn(body, part.fieldname))
          throw new AppError('dataInvalid', { field: part.fieldname });
        // Streamed to disk as it arrives: a file of 20 MB never sits in memory whole.
        const file = newUploadPath();
        request.uploads = [...(request.uploads ?? []), file];
        await Promise.race([pipeline(part.file, createWriteStream(file)), cutOff]);
        if (part.file.truncated) throw tooLarge(part.fieldname);
        body[part.fieldname] = {
          upload: true,
          path: file,
          bytes: part.file.bytesRead,
          fileName: part.filename.slice(0, 255),
        };
        continue;
      }
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
export const multipartPlugin = fp(
  async (app) => {
    const abandoned = await removeAbandonedUploads();
    if (abandoned.length > 0) app.log.info({ files: abandoned }, 'uploads left by a stopped process removed');
    await app.register(multipart, {
      limits: {
        fields: requestLimits.fields,
        fieldSize: requestLimits.fieldBytes,
        files: requestLimits.files,
        parts: requestLimits.parts,
        fieldNameSize: requestLimits.fieldNameBytes,
      },
    });
    app.decorateRequest('uploads', null);
    app.addHook('preValidation', async (request, reply) => {
      if (request.isMultipart()) request.body = await readFields(request, reply);
    });
    // The temporary files go once the request is answered, or abandoned by its client.
    const removeUploads = async (request: FastifyRequest) => {
      if (request.uploads !== null) await Promise.all(request.uploads.map((file) => rm(file, { force: true })));
    };
    app.addHook('onResponse', removeUploads);
    app.addHook('onRequestAbort', removeUploads);
  },
  { name: 'multipart' },
);
