import { can, endpoints, type ImportKind, type ImportPayload } from '@bo/contracts/all';
import { isUploadedFile } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { openCsvFile } from '../../imports/read-csv-file';
import { authOf } from '../../plugins/app/auth';

const resourceOf = (kind: ImportKind) => (kind === 'companies' ? 'company' : 'contact');

export async function importRoutes(app: FastifyInstance) {
  const { repos } = app;

  // The uploaded file, from the temporary file it was streamed to: its encoding and separator; the plan reads its
  // rows a chunk at a time.
  async function fileOf(body: { file: ImportPayload['file'] }) {
    if (!isUploadedFile(body.file)) throw new AppError('dataInvalid', { field: 'file' });
    return { name: body.file.fileName, csv: await openCsvFile(body.file.path) };
  }

  for (const [kind, check, run] of [
    ['companies', endpoints.checkCompanyImport, endpoints.importCompanies],
    ['contacts', endpoints.checkContactImport, endpoints.importContacts],
  ] as const) {
    registerEndpoint(app, check, async (request) => {
      const { actor } = authOf(request);
      const { csv } = await fileOf(request.body);
      return repos.import.check(kind, actor, csv, request.body.mapping, request.body.onExisting);
    });
    registerEndpoint(app, run, async (request) => {
      const { actor } = authOf(request);
      const { csv, name } = await fileOf(request.body);
      return repos.import.run(kind, actor, csv, name, request.body.mapping, request.body.onExisting);
    });
  }

  registerEndpoint(app, endpoints.lastImport, async (request) => {
    const { actor } = authOf(request);
    const { kind } = request.query;
    if (!can(actor.role, resourceOf(kind), 'import')) throw new AppError('forbidden');
    return repos.import.last(kind, actor);
  });

  registerEndpoint(app, endpoints.undoImport, async (request) => {
    const { actor } = authOf(request);
    return repos.import.undo(request.params.id, actor, (kind) => can(actor.role, resourceOf(kind), 'import'));
  });
}
