import { asciiSlug, contactCsvColumns, contactName, endpoints, envelopeSchema, personTitleLabels, toBusinessIsoDate } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { reloadTodo, usableTask } from '../../domain/todos';
import { AppError } from '../../errors';
import { vcard } from '../../calendar/vcard';
import { sendCsv } from '../../http/csv-stream';
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
    const version = await repos.versions.standby();
    return app.sendCached(request, reply, { key, version, schema: standbyContactsEnvelope, build: () => repos.contacts.standbyJson(actor) });
  });

  registerEndpoint(app, endpoints.searchContacts, async (request) => {
    const { q, limit } = request.query;
    return repos.contacts.search(q, limit);
  });

  registerEndpoint(app, endpoints.addContactTodo, async (request) => {
    const { actor } = authOf(request);
    const { contactId, taskId } = request.params;
    const contact = await repos.contacts.findById(contactId);
    if (contact === undefined || contact.merged_into_id !== null) throw new AppError('modelNotFound', { field: 'contactId' });
    await usableTask(repos, taskId);
    const { deadline, notes } = request.body;
    const id = await repos.todos.createForContact(contactId, taskId, actor.id, deadline, notes);
    return reloadTodo(repos, id);
  });

  async function record(id: number) {
    const contact = await repos.contactRecords.find(id);
    if (contact === undefined) throw new AppError('modelNotFound', { field: 'id' });
    return contact;
  }

  registerEndpoint(app, endpoints.contacts, async (request) => {
    const { actor } = authOf(request);
    const { search, sort, order, page, perPage, ...filters } = request.query;
    return repos.contactRecords.list(actor, { search, sort, order, page, perPage }, filters);
  });

  registerEndpoint(app, endpoints.exportContacts, async (request, reply) => {
    const { actor } = authOf(request);
    const { search, sort, order, ...filters } = request.query;
    return sendCsv(reply, `contacts-${toBusinessIsoDate(new Date())}.csv`, contactCsvColumns, (write) =>
      repos.contactRecords.eachBatch(actor, { search, sort, order }, filters, write),
    );
  });

  registerEndpoint(app, endpoints.contact, async (request) => record(request.params.id));

  registerEndpoint(app, endpoints.contactTodos, async (request) => {
    const { id } = request.params;
    await record(id);
    return repos.todos.forContact(id);
  });

  registerEndpoint(app, endpoints.contactHistory, async (request) => {
    const { id } = request.params;
    await record(id);
    return repos.history.contact(id, request.query.page, request.query.perPage);
  });

  registerEndpoint(app, endpoints.contactVcard, async (request, reply) => {
    const contact = await record(request.params.id);
    const body = vcard({
      uid: `urn:back-office:contact:${contact.id}`,
      firstName: contact.firstName,
      lastName: contact.lastName,
      title: personTitleLabels[contact.title],
      jobTitle: contact.jobTitle,
      company: contact.company?.name ?? null,
      email: contact.email,
      phone: contact.phone,
    });
    const filename = asciiSlug(contactName(contact)) || 'contact';
    return reply.type('text/vcard; charset=utf-8').header('content-disposition', `attachment; filename="${filename}.vcf"`).send(body);
  });

  registerEndpoint(app, endpoints.createContact, async (request) => {
    const { actor } = authOf(request);
    return record(await repos.contactRecords.create(request.body, actor.id));
  });

  registerEndpoint(app, endpoints.updateContact, async (request) => {
    const { actor } = authOf(request);
    const { id } = request.params;
    await repos.contactRecords.update(id, request.body, actor);
    return record(id);
  });

  registerEndpoint(app, endpoints.contactDuplicates, async (request) => repos.contactRecords.duplicates(request.query));

  registerEndpoint(app, endpoints.reassignContacts, async (request) => {
    const { actor } = authOf(request);
    await repos.contactRecords.reassign(request.body.ids, request.body.ownerId, actor.id);
    return null;
  });

  registerEndpoint(app, endpoints.mergeContact, async (request) => {
    const { actor } = authOf(request);
    const { duplicateId, ...changes } = request.body;
    await repos.contactRecords.merge(request.params.id, duplicateId, changes, actor);
    return record(request.params.id);
  });
}
