import { can, companyCsvColumns, endpoints, toBusinessIsoDate } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { sendCsv } from '../../http/csv-stream';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function companyRoutes(app: FastifyInstance) {
  const { repos } = app;

  async function view(id: number) {
    const company = await repos.companies.find(id);
    if (company === undefined) throw new AppError('modelNotFound', { field: 'id' });
    return company;
  }

  registerEndpoint(app, endpoints.companies, async (request) => {
    const { search, sort, order, page, perPage, ...filters } = request.query;
    return repos.companies.list({ search, sort, order, page, perPage }, filters);
  });

  registerEndpoint(app, endpoints.exportCompanies, async (request, reply) => {
    const { search, sort, order, ...filters } = request.query;
    return sendCsv(reply, `societes-${toBusinessIsoDate(new Date())}.csv`, companyCsvColumns, (write) =>
      repos.companies.eachBatch({ search, sort, order }, filters, write),
    );
  });

  registerEndpoint(app, endpoints.company, async (request) => {
    const { id } = request.params;
    const [company, subsidiaries, contacts, openTodos] = await Promise.all([
      view(id),
      repos.companies.subsidiaries(id),
      repos.companies.contacts(id),
      repos.companies.openTodos(id),
    ]);
    return { ...company, subsidiaries, contacts, openTodos };
  });

  registerEndpoint(app, endpoints.companyHistory, async (request) => {
    const { id } = request.params;
    await view(id);
    return repos.history.companyGroup(id, request.query.page, request.query.perPage);
  });

  registerEndpoint(app, endpoints.createCompany, async (request) => {
    const { actor } = authOf(request);
    return view(await repos.companies.create(request.body, actor.id));
  });

  registerEndpoint(app, endpoints.updateCompany, async (request) => {
    const { actor } = authOf(request);
    const { id } = request.params;
    // Closing a company is a separate permission of the table: checked when the change would close it.
    if (!request.body.isActive && !can(actor.role, 'company', 'deactivate')) {
      const current = await view(id);
      if (current.isActive) throw new AppError('forbidden');
    }
    await repos.companies.update(id, request.body, actor);
    return view(id);
  });
}
