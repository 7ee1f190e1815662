import { z } from 'zod';
import {
  contactDuplicateSchema,
  contactDuplicatesQuerySchema,
  contactListItemSchema,
  contactMergePayloadSchema,
  contactSchema,
  contactsOwnerPayloadSchema,
  contactsQuerySchema,
  contactStorePayloadSchema,
  contactUpdatePayloadSchema,
} from '../contact-list';
import { listPageSchema } from '../paging';
import { historyEntrySchema, historyQuerySchema } from '../history';
import { permission } from '../permissions';
import { todoSchema } from '../todo';
import { endpointGroup } from './endpoint';
import { idParamsSchema, noDataSchema } from './params';

export const contactEndpoints = endpointGroup('contacts', {
  contacts: {
    method: 'GET',
    path: '/contacts',
    summary:
      'Contacts, one page: scope my, team or all; search (name, e-mail, company or phone digits, accents and case ' +
      'ignored); filters companyId, ownerId, standby, late; sort on every column',
    access: permission('contact', 'read'),
    query: contactsQuerySchema,
    response: listPageSchema(contactListItemSchema),
  },
  exportContacts: {
    method: 'GET',
    path: '/contacts/export',
    summary:
      'The contacts list as CSV for French Excel (every page, with the list’s scope, search, filters and sort), streamed',
    access: permission('contact', 'export'),
    query: contactsQuerySchema.omit({ page: true, perPage: true }),
    response: z.string(),
    produces: 'text/csv',
  },
  contact: {
    method: 'GET',
    path: '/contact/:id',
    summary: 'One contact, with its next and last todo',
    access: permission('contact', 'read'),
    params: idParamsSchema,
    response: contactSchema,
  },
  contactHistory: {
    method: 'GET',
    path: '/contact/:id/history',
    summary: 'The story of a contact, newest first: its changes and those of its todos',
    access: permission('contact', 'read'),
    params: idParamsSchema,
    query: historyQuerySchema,
    response: listPageSchema(historyEntrySchema),
  },
  contactTodos: {
    method: 'GET',
    path: '/contact/:id/todos',
    summary:
      'The active todos of a contact, whoever owns them: the pending ones by deadline, then the accomplished ones, last done first (at most 200)',
    access: permission('contact', 'read'),
    params: idParamsSchema,
    response: z.array(todoSchema),
  },
  contactVcard: {
    method: 'GET',
    path: '/contact/:id/vcard',
    summary: 'A contact as a vCard 4.0 (.vcf), to save it to a phone',
    access: permission('contact', 'read'),
    params: idParamsSchema,
    response: z.string(),
    produces: 'text/vcard',
  },
  createContact: {
    method: 'POST',
    path: '/contact/store',
    summary: 'Create a contact (en veille until its first todo); e-mail unique; never in an inactive company',
    access: permission('contact', 'create'),
    body: contactStorePayloadSchema,
    response: contactSchema,
  },
  updateContact: {
    method: 'POST',
    path: '/contact/:id/store',
    summary:
      'Update a contact from the version read (409 editConflict over a newer one); only a leader or an admin changes its owner',
    access: permission('contact', 'update'),
    params: idParamsSchema,
    body: contactUpdatePayloadSchema,
    response: contactSchema,
  },
  contactDuplicates: {
    method: 'GET',
    path: '/contacts/duplicates',
    summary:
      'The contacts a contact being written would duplicate: same e-mail, same phone, or same name in the same company',
    access: permission('contact', 'read'),
    query: contactDuplicatesQuerySchema,
    response: z.array(contactDuplicateSchema),
  },
  reassignContacts: {
    method: 'POST',
    path: '/contacts/owner',
    summary: 'Give contacts (ids, a JSON array) to another active user (ownerId)',
    access: permission('contact', 'reassign'),
    body: contactsOwnerPayloadSchema,
    response: noDataSchema,
  },
  mergeContact: {
    method: 'POST',
    path: '/contact/:id/merge',
    summary:
      'Merge duplicateId into this contact: it takes the fields given, the todos and the history; the duplicate is deactivated',
    access: permission('contact', 'merge'),
    params: idParamsSchema,
    body: contactMergePayloadSchema,
    response: contactSchema,
  },
});
