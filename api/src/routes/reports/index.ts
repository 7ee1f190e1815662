import {
  directoryCsvColumns,
  endpoints,
  historyReportCsvColumns,
  statsCsvColumns,
  taskReportCsvColumns,
  toBusinessIsoDate,
  type RoleFlags,
} from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { sendCsv } from '../../http/csv-stream';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';
import type { ReportScope } from '../../repositories/reports';

// Whose work the task report and the statistics show: an admin everyone's, a business leader their team's.
export function scopeOf(actor: { id: number; role: RoleFlags }): ReportScope {
  return actor.role.admin ? { kind: 'all' } : { kind: 'team', leaderId: actor.id };
}

export async function reportRoutes(app: FastifyInstance) {
  const { repos } = app;
  const today = () => toBusinessIsoDate(new Date());

  async function subject(filters: { contactId?: number; companyId?: number }) {
    if (!(await repos.reports.subjectExists(filters))) {
      throw new AppError('modelNotFound', { field: filters.contactId === undefined ? 'companyId' : 'contactId' });
    }
  }

  registerEndpoint(app, endpoints.reportSubjects, async (request) => repos.reports.subjects(request.query.q));

  registerEndpoint(app, endpoints.historyReport, async (request) => {
    const { page, perPage, ...filters } = request.query;
    await subject(filters);
    return repos.reports.history(filters, page, perPage);
  });

  registerEndpoint(app, endpoints.exportHistoryReport, async (request, reply) => {
    await subject(request.query);
    return sendCsv(reply, `historique-${today()}.csv`, historyReportCsvColumns, (write) =>
      repos.reports.eachHistoryBatch(request.query, write),
    );
  });

  registerEndpoint(app, endpoints.directoryReport, async (request) => {
    const { search, page, perPage } = request.query;
    return repos.reports.directory(search, page, perPage);
  });

  registerEndpoint(app, endpoints.exportDirectoryReport, async (request, reply) =>
    sendCsv(reply, `annuaire-${today()}.csv`, directoryCsvColumns, (write) =>
      repos.reports.eachDirectoryBatch(request.query.search, write),
    ),
  );

  registerEndpoint(app, endpoints.taskReport, async (request) => {
    const { from, to, groupBy } = request.query;
    return repos.reports.tasks(scopeOf(authOf(request).actor), from, to, groupBy, today());
  });

  registerEndpoint(app, endpoints.taskReportTodos, async (request) =>
    repos.reports.taskTodos(scopeOf(authOf(request).actor), request.query, today()),
  );

  registerEndpoint(app, endpoints.exportTaskReport, async (request, reply) => {
    const { from, to, groupBy } = request.query;
    const rows = await repos.reports.tasks(scopeOf(authOf(request).actor), from, to, groupBy, today());
    return sendCsv(reply, `rapport-taches-${from}-${to}.csv`, taskReportCsvColumns(groupBy), (write) => write(rows));
  });

  registerEndpoint(app, endpoints.statsReport, async (request) =>
    repos.reports.stats(scopeOf(authOf(request).actor), request.query.from, request.query.to),
  );

  registerEndpoint(app, endpoints.exportStatsReport, async (request, reply) => {
    const { from, to } = request.query;
    const rows = await repos.reports.stats(scopeOf(authOf(request).actor), from, to);
    return sendCsv(reply, `statistiques-${from}-${to}.csv`, statsCsvColumns, (write) => write(rows));
  });
}
