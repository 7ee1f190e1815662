import { endpoints, envelopeSchema } from '@bo/contracts';
import type { FastifyInstance } from 'fastify';
import { reloadTodo, usableTask } from '../../domain/todos';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function contactRoutes(app: FastifyInstance) {
  const { repos } = app;
  // What the database builds for the cached answers is checked against this when responses are checked.
  const standbyContactsEnvelope = envelopeSchema(endpoints.standbyContacts.response);

  registerEndpoint(app, endpoints.standbyContacts, async (request, reply) => {
    const { actor } = authOf(request);
    // The lists depend on who I am and who my leader is (the team is read with the data).
    const key = `standby:${actor.id}:${actor.leaderId ?? ''}`;
    return app.sendCached(request, reply, { key, schema: standbyContactsEnvelope, build: () => repos.contacts.standbyJson(actor) });
  });

  registerEndpoint(app, endpoints.searchContacts, async (request) => {
    const { q, limit } = request.query;
    return repos.contacts.search(q, limit);
  });

  registerEndpoint(app, endpoints.addContactTodo, async (request) => {
    const { actor } = authOf(request);
    const { contactId, taskId } = request.params;
    const contact = await repos.contacts.findById(contactId);
    if (contact === undefined) throw new AppError('modelNotFound', { field: 'contactId' });
    await usableTask(repos, taskId);
    const { deadline, notes } = request.body;
    const id = await repos.todos.createForContact(contactId, taskId, actor.id, deadline, notes);
    return reloadTodo(repos, id);
  });
}
