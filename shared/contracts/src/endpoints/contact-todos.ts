import { z } from 'zod';
import { contactSearchQuerySchema, contactSummarySchema, standbyListsSchema } from '../contact';
import { permission } from '../permissions';
import { contactTodoPayloadSchema, todoSchema } from '../todo';
import { endpointGroup } from './endpoint';
import { contactTaskParamsSchema } from './params';

// The contact calls every page that adds todos needs (the agenda, the standby lists): light enough to travel with
// the core contract. The contacts list and panel calls are in ./contacts.
export const contactTodoEndpoints = endpointGroup('contacts', {
  standbyContacts: {
    method: 'GET',
    path: '/user/contacts/standby',
    summary:
      'Contacts en veille (inactive), by last name: mine, my team’s (same leader, my leader, users I lead) and all',
    access: permission('standby', 'read'),
    response: standbyListsSchema,
  },
  searchContacts: {
    method: 'GET',
    path: '/contacts/search',
    summary: 'Autocomplete: contacts whose first, last or company name contains q (case-insensitive); prefixes first',
    access: permission('contact', 'read'),
    query: contactSearchQuerySchema,
    response: z.array(contactSummarySchema),
  },
  addContactTodo: {
    method: 'POST',
    path: '/contact/:contactId/task/:taskId/todo/store',
    summary: 'Add a todo owned by the caller to a contact, which leaves standby (is_active = true)',
    access: permission('todo', 'create'),
    params: contactTaskParamsSchema,
    body: contactTodoPayloadSchema,
    response: todoSchema,
  },
});
