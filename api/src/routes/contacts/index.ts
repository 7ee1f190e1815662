import { endpoints } from '@bo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeStandby } from '../../domain/actor';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/app/auth';
import { answers, bearer, multipartBody, ok } from '../envelope';
import { reload, usableTask } from '../todos';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const standbyAnswers = answers(endpoints.standbyContacts.response);
  app.route({
    method: endpoints.standbyContacts.method,
    url: endpoints.standbyContacts.path,
    schema: {
      tags: ['contacts'],
      summary:
        'Contacts en veille (inactive), by last name: mine, my team’s (same leader, my leader, users I lead) and all. ' +
        'Open to admin, businessLeader and businessTeam, like the page that shows them.',
      security: bearer,
      response: standbyAnswers,
    },
    handler: async (request, reply) => {
      const { actor } = authOf(request);
      if (!canSeeStandby(actor)) throw new AppError('forbidden');
      // The lists depend on who I am and who my leader is (the team is read with the data).
      const key = `standby:${actor.id}:${actor.leaderId ?? ''}`;
      const version = authOf(request).versions.standby;
      return app.sendCached(request, reply, { key, version, schema: standbyAnswers[200], build: () => app.repos.contacts.standbyJson(actor) });
    },
  });

  app.route({
    method: endpoints.searchContacts.method,
    url: endpoints.searchContacts.path,
    schema: {
      tags: ['contacts'],
      summary: 'Autocomplete: contacts whose first, last or company name contains q (case-insensitive); prefixes first',
      security: bearer,
      querystring: endpoints.searchContacts.query,
      response: answers(endpoints.searchContacts.response),
    },
    handler: async (request) => {
      const { q, limit } = request.query;
      return ok(await app.repos.contacts.search(q, limit));
    },
  });

  app.route({
    method: endpoints.addContactTodo.method,
    url: endpoints.addContactTodo.path,
    schema: {
      tags: ['contacts', 'todos'],
      summary: 'Add a todo owned by the caller to a contact, which leaves standby (is_active = true)',
      security: bearer,
      consumes: multipartBody,
      params: endpoints.addContactTodo.params,
      body: endpoints.addContactTodo.body,
      response: answers(endpoints.addContactTodo.response),
    },
    handler: async (request) => {
      const { actor } = authOf(request);
      const { contactId, taskId } = request.params;
      const contact = await app.repos.contacts.findById(contactId);
      if (contact === undefined) throw new AppError('modelNotFound', { field: 'contactId' });
      await usableTask(app, taskId);
      const { deadline, notes } = request.body;
      const id = await app.repos.todos.createForContact(contactId, taskId, actor.id, deadline, notes);
      return ok(await reload(app, id));
    },
  });
};
