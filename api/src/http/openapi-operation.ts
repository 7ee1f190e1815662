import {
  bodyContentType,
  endpoints,
  envelopeSchema,
  grantsToken,
  rolesFor,
  type ListedEndpoint,
} from '@bo/contracts/all';
import { z } from 'zod';
import { refusals, type Cause } from './refusals';

// The envelope every refusal comes in, once in the document's components.
export const ERROR_ENVELOPE = 'ErrorEnvelope';
const envelope = z.toJSONSchema(envelopeSchema(z.null()), { target: 'openapi-3.0', io: 'output' });
// OpenAPI 3.0 has no null type: the data of a refusal is a nullable object whose only value is null.
export const errorEnvelopeJsonSchema: Record<string, unknown> = {
  ...envelope,
  properties: {
    ...envelope.properties,
    data: { type: 'object', nullable: true, enum: [null], example: null, description: 'A refusal carries no data.' },
  },
};

// An operation's id is its name in the contract's endpoint table (`login`, `updateCompany`...): unique by construction.
const byRoute = new Map(
  Object.entries(endpoints).map(([name, endpoint]) => [
    `${endpoint.method} ${endpoint.path}`,
    { name, endpoint: endpoint as ListedEndpoint },
  ]),
);

export function endpointAt(method: string, path: string): { name: string; endpoint: ListedEndpoint } | undefined {
  return byRoute.get(`${method} ${path}`);
}

// Who may call it, in words.
function accessNote(endpoint: ListedEndpoint): string {
  if (endpoint.access === 'public') return 'Open without a token.';
  if (endpoint.access === 'session') return 'Any connected user, about their own session.';
  const { resource, action } = endpoint.access;
  return `Permission ${resource}:${action}, roles: ${rolesFor(endpoint.access).join(', ')}.`;
}

// Every answer given once the token is checked carries a fresh one (a sliding session).
const tokenHeader = {
  authorization: {
    type: 'string',
    description:
      'A fresh token (`Bearer …`) with a new expiry: the client replaces its own with it. Absent once the call ended the session.',
  },
};

type JsonSchema = Record<string, unknown>;

// "- `forbidden`: the caller's roles lack the permission contact:merge", one line of a refusal's description.
const describeCause = ({ codes, reason }: Cause) =>
  `- ${codes.length === 0 ? '' : `${codes.map((code) => `\`${code}\``).join(', ')}: `}${reason}`;

// The success: the envelope whose data the route's schema gives, or a file.
function success(endpoint: ListedEndpoint, envelope: JsonSchema | undefined, grantsToken: boolean): JsonSchema {
  const headers = grantsToken ? { headers: tokenHeader } : {};
  if (endpoint.produces !== undefined) {
    return {
      description:
        endpoint.produces === 'text/event-stream'
          ? 'The stream (text/event-stream, UTF-8); a refusal comes as the JSON envelope.'
          : `The file (${endpoint.produces}, UTF-8); a refusal comes as the JSON envelope.`,
      ...headers,
      content: { [endpoint.produces]: { schema: { type: 'string' } } },
    };
  }
  return { ...envelope, 'x-response-description': 'Success: `data` as below, `errors` empty.', ...headers };
}

// What the OpenAPI document says of one call, all of it from its entry in the contract: id, tag, summary, who may
// call it, and every answer: the success and each refusal, in the error envelope.
export function documentOperation(name: string, endpoint: ListedEndpoint, converted: JsonSchema): JsonSchema {
  const open = endpoint.access === 'public';
  const contentType = endpoint.body === undefined ? null : bodyContentType(endpoint.method);
  // The login hands out the first token; every other call but the public ones and the event stream refreshes it.
  const response: Record<string, JsonSchema> = {
    200: success(
      endpoint,
      (converted.response as Record<string, JsonSchema> | undefined)?.[200],
      grantsToken(endpoint),
    ),
  };
  for (const refusal of refusals(endpoint)) {
    response[refusal.status] = {
      description: refusal.causes.map(describeCause).join('\n'),
      ...(refusal.authenticated ? { headers: tokenHeader } : {}),
      $ref: `#/components/schemas/${ERROR_ENVELOPE}`,
    };
  }
  return {
    ...converted,
    operationId: name,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description:
      endpoint.produces === undefined
        ? accessNote(endpoint)
        : `${accessNote(endpoint)} Answers ${endpoint.produces === 'text/event-stream' ? 'a stream' : 'a file'} (${endpoint.produces}).`,
    // A public call says so: no token needed.
    security: open ? [] : [{ bearerAuth: [] }],
    ...(contentType === null ? {} : { consumes: [contentType] }),
    response,
  };
}
