import type { z } from 'zod';
import type { Permission } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Who may call an endpoint: anyone (the login), any connected user about their own session, or the roles the
// permission table gives for an action on a resource.
export type Access = 'public' | 'session' | Permission;

// One call of the API. The server registers its route from this entry alone (method, path, schemas, content
// type, security, documentation, permission); the browser calls it through the same entry.
export type Endpoint = {
  method: HttpMethod;
  // Fastify-style path: `:name` marks a parameter.
  path: string;
  // One line for the OpenAPI description.
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  // POST/DELETE: multipart fields; PUT/PATCH: JSON.
  body?: z.ZodType;
  // The `data` of the envelope on success; for a file (produces), the file's text.
  response: z.ZodType;
  // A call that answers a file instead of the envelope (errors still come as the envelope).
  produces?: 'text/csv' | 'text/calendar' | 'text/vcard' | 'text/event-stream';
  // A multipart call that takes one file, in this field (the server's limits for it are its own).
  file?: string;
  // A call that checks a password: each try counts against the login's limits (per address and trigram), past
  // which it is refused 429 notAllowed.
  loginAttempt?: true;
  // A call a tab makes by itself (the live changes' stream, its presence), no sign that someone is there: its
  // answer carries no fresh token, so that an open tab alone never keeps a session alive.
  background?: true;
};

// Whether a call's answer carries a fresh token (the sliding session): every call a session makes, but those a tab
// makes by itself (`background`).
export function grantsToken(endpoint: Endpoint): boolean {
  return endpoint.background !== true && (endpoint.access !== 'public' || endpoint.loginAttempt === true);
}

// An endpoint as listed in the table: with the resource group it belongs to (its OpenAPI tag).
export type ListedEndpoint = Endpoint & { tag: string };

// The endpoints of one resource, each stamped with the group's tag; literal types are kept for the callers.
export function endpointGroup<T extends Record<string, Endpoint>>(
  tag: string,
  entries: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  const tagged: Record<string, ListedEndpoint> = {};
  for (const [name, entry] of Object.entries(entries)) tagged[name] = { ...entry, tag };
  return tagged as { [K in keyof T]: T[K] & { tag: string } };
}

// The body's content type follows the method: GET takes a query, POST and DELETE multipart fields, PUT and PATCH JSON.
export function bodyContentType(method: HttpMethod): 'multipart/form-data' | 'application/json' | null {
  if (method === 'POST' || method === 'DELETE') return 'multipart/form-data';
  if (method === 'PUT' || method === 'PATCH') return 'application/json';
  return null;
}

// '/todo/:id/store' + { id: 3 } -> '/todo/3/store'
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
