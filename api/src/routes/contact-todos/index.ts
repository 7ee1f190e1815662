import { endpoints, envelopeSchema } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { reloadTodo, usableTask } from '../../domain/todos';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

// What a page that adds todos needs of the contacts: the standby lists, the autocomplete, and the todo added.
export async function contactTodoRoutes(app: FastifyInstance) {
  const { repos } = app;
  // What the database builds for the cached answers is checked against this when responses are checked.
  const standbyContactsEnvelope = envelopeSchema(endpoints.standbyContacts.response);

  registerEndpoint(app, endpoints.standbyContacts, async (request, reply) => {
    const { actor } = authOf(request);
    // The lists depend on who I am and who my leader is (the team is read with the data).
    const key = `standby:${actor.id}:${actor.leaderId ?? ''}`;
    const version = await repos.versions.standby();
    return app.sendCached(request, reply, {
      key,
      version,
      schema: standbyContactsEnvelope,
      build: () => repos.contactSummaries.standbyJson(actor),
    });
  });

  registerEndpoint(app, endpoints.searchContacts, async (request) => {
    const { q, limit } = request.query;
    return repos.contactSummaries.search(q, limit);
  });

  registerEndpoint(app, endpoints.addContactTodo, async (request) => {
    const { actor } = authOf(request);
    const { contactId, taskId } = request.params;
    const contact = await repos.contactSummaries.findById(contactId);
    if (contact === undefined || contact.merged_into_id !== null)
      throw new AppError('modelNotFound', { field: 'contactId' });
    await usableTask(repos, taskId);
    const { deadline, notes } = request.body;
    const id = await repos.todos.createForContact(contactId, taskId, actor.id, deadline, notes);
    return reloadTodo(repos, id);
  });
}
