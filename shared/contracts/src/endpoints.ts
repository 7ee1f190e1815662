import { z } from 'zod';
import { contactSearchQuerySchema, contactSummarySchema, standbyListsSchema } from './contact';
import { taskSchema } from './task';
import {
  contactTodoPayloadSchema,
  todoAccomplishPayloadSchema,
  todoSchema,
  todoStorePayloadSchema,
  todosQuerySchema,
} from './todo';
import { loginPayloadSchema, settingsPayloadSchema, userSchema } from './user';
import { fields } from './validation';

// Path parameters of the calls below (ids travel as text in the path).
export const idParamsSchema = z.object({ id: fields.id() });
export const todoTaskParamsSchema = z.object({ id: fields.id(), taskId: fields.id() });
export const contactTaskParamsSchema = z.object({ contactId: fields.id(), taskId: fields.id() });

// POST /user/logout takes no field; the client still sends an (empty) multipart body.
export const emptyPayloadSchema = z.object({});
export const noDataSchema = z.null();

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint = {
  method: HttpMethod;
  // Fastify-style path: `:name` marks a parameter.
  path: string;
  // Open without a token.
  public?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  // POST/DELETE: multipart fields; PUT/PATCH: JSON.
  body?: z.ZodType;
  // The `data` of the envelope on success.
  response: z.ZodType;
};

// Every call of the API (spec section 7 plus what the server adds), shared by the server (route schemas,
// OpenAPI) and the browser (paths, response parsing).
export const endpoints = {
  login: { method: 'POST', path: '/user/login', public: true, body: loginPayloadSchema, response: userSchema },
  logout: { method: 'POST', path: '/user/logout', body: emptyPayloadSchema, response: noDataSchema },
  currentUser: { method: 'GET', path: '/user', response: userSchema },
  saveSettings: { method: 'PATCH', path: '/user/settings', body: settingsPayloadSchema, response: userSchema },
  standbyContacts: { method: 'GET', path: '/user/contacts/standby', response: standbyListsSchema },
  searchContacts: {
    method: 'GET',
    path: '/contacts/search',
    query: contactSearchQuerySchema,
    response: z.array(contactSummarySchema),
  },
  tasks: { method: 'GET', path: '/tasks', response: z.array(taskSchema) },
  todos: { method: 'GET', path: '/todos', query: todosQuerySchema, response: z.array(todoSchema) },
  storeTodo: {
    method: 'POST',
    path: '/todo/:id/store',
    params: idParamsSchema,
    body: todoStorePayloadSchema,
    response: todoSchema,
  },
  accomplishTodo: {
    method: 'POST',
    path: '/todo/:id/task/:taskId/store',
    params: todoTaskParamsSchema,
    body: todoAccomplishPayloadSchema,
    response: todoSchema,
  },
  addContactTodo: {
    method: 'POST',
    path: '/contact/:contactId/task/:taskId/todo/store',
    params: contactTaskParamsSchema,
    body: contactTodoPayloadSchema,
    response: todoSchema,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

// '/todo/:id/store' + { id: 3 } -> '/todo/3/store'
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
