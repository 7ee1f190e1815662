import {
  asciiSlug,
  contactCsvColumns,
  contactName,
  endpoints,
  personTitleLabels,
  toBusinessIsoDate,
} from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { vcard } from '../../calendar/vcard';
import { sendCsv } from '../../http/csv-stream';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function contactRoutes(app: FastifyInstance) {
  const { repos } = app;

  async function record(id: number) {
    const contact = await repos.contacts.find(id);
    if (contact === undefined) throw new AppError('modelNotFound', { field: 'id' });
    return contact;
  }

  registerEndpoint(app, endpoints.contacts, async (request) => {
    const { actor } = authOf(request);
    const { search, sort, order, page, perPage, ...filters } = request.query;
    return repos.contacts.list(actor, { search, sort, order, page, perPage }, filters);
  });

  registerEndpoint(app, endpoints.exportContacts, async (request, reply) => {
    const { actor } = authOf(request);
    const { search, sort, order, ...filters } = request.query;
    return sendCsv(reply, `contacts-${toBusinessIsoDate(new Date())}.csv`, contactCsvColumns, (write) =>
      repos.contacts.eachBatch(actor, { search, sort, order }, filters, write),
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
    return reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}.vcf"`)
      .send(body);
  });

  registerEndpoint(app, endpoints.createContact, async (request) => {
    const { actor } = authOf(request);
    return record(await repos.contacts.create(request.body, actor.id));
  });

  registerEndpoint(app, endpoints.updateContact, async (request) => {
    const { actor } = authOf(request);
    const { id } = request.params;
    await repos.contacts.update(id, request.body, actor);
    return record(id);
  });

  registerEndpoint(app, endpoints.contactDuplicates, async (request) => repos.contacts.duplicates(request.query));

  registerEndpoint(app, endpoints.reassignContacts, async (request) => {
    const { actor } = authOf(request);
    await repos.contacts.reassign(request.body.ids, request.body.ownerId, actor.id);
    return null;
  });

  registerEndpoint(app, endpoints.mergeContact, async (request) => {
    const { actor } = authOf(request);
    const { duplicateId, ...changes } = request.body;
    await repos.contacts.merge(request.params.id, duplicateId, changes, actor);
    return record(request.params.id);
  });
}
