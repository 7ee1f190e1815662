import { endpoints, needsSheetCsvColumns, toBusinessIsoDate } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { sendCsv } from '../../http/csv-stream';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function needsSheetRoutes(app: FastifyInstance) {
  const { repos } = app;
  const sheets = repos.needsSheets;

  async function view(id: number) {
    const sheet = await sheets.find(id);
    if (sheet === undefined) throw new AppError('modelNotFound', { field: 'id' });
    return sheet;
  }

  registerEndpoint(app, endpoints.needsSheets, async (request) => {
    const { search, sort, order, page, perPage, ...filters } = request.query;
    return sheets.list(authOf(request).actor, { search, sort, order, page, perPage }, filters);
  });

  registerEndpoint(app, endpoints.searchNeedsSheets, async (request) => {
    const { q, page, perPage, ...filters } = request.query;
    return sheets.search(authOf(request).actor, q, filters, page, perPage);
  });

  registerEndpoint(app, endpoints.exportNeedsSheets, async (request, reply) => {
    const { search, sort, order, ...filters } = request.query;
    const { actor } = authOf(request);
    return sendCsv(reply, `fiches-de-besoin-${toBusinessIsoDate(new Date())}.csv`, needsSheetCsvColumns, (write) =>
      sheets.eachBatch(actor, { search, sort, order }, filters, write),
    );
  });

  registerEndpoint(app, endpoints.needsSheet, async (request) => view(request.params.id));

  registerEndpoint(app, endpoints.needsSheetHistory, async (request) => {
    const { id } = request.params;
    await view(id);
    return sheets.history(id, request.query.page, request.query.perPage);
  });

  registerEndpoint(app, endpoints.createNeedsSheet, async (request) => {
    return view(await sheets.create(request.body, authOf(request).actor.id));
  });

  registerEndpoint(app, endpoints.updateNeedsSheet, async (request) => {
    const { id } = request.params;
    await sheets.update(id, request.body, authOf(request).actor.id);
    return view(id);
  });

  registerEndpoint(app, endpoints.changeNeedsSheetStatus, async (request) => {
    const { id } = request.params;
    await sheets.changeStatus(id, request.body, authOf(request).actor);
    return view(id);
  });

  registerEndpoint(app, endpoints.duplicateNeedsSheet, async (request) => {
    return view(await sheets.duplicate(request.params.id, authOf(request).actor.id));
  });
}
