import multipart from '@fastify/multipart';
import { globalPlugin } from '../global-plugin';

// POST and DELETE bodies are multipart/form-data. 'keyValues' turns them into a plain object of strings
// before validation, so the same zod wire schemas decode them. No call takes files, so every file part is refused.
export const multipartPlugin = globalPlugin('multipart', async (app) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 50, fieldSize: 64 * 1024, files: 0, parts: 60, fieldNameSize: 100 },
  });
});
