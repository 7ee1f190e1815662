import {
  AUTHORIZATION_HEADER,
  bodyContentType,
  endpointPath,
  apiErrorSchema,
  limits,
  newRequestId,
  REQUEST_ID_HEADER,
  toWireParams,
  toWireValue,
  tokenErrorCodes,
  type ApiError,
  type Endpoint,
  type HttpMethod,
} from '@bo/contracts';
import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { z } from 'zod';
import { getClientConfig } from './config';
import { ApiRequestError } from './errors';
import { session } from './session';

// The API client: the wire protocol (docs/requirements.md), in one place.

const looseEnvelope = z.object({
  data: z.unknown(),
  errors: z.array(apiErrorSchema).default([]),
  debug: z.unknown().optional(),
});

type TokenErrorListener = () => void;
const tokenErrorListeners = new Set<TokenErrorListener>();

// The shell subscribes to reset the cached user when the server says the token is worthless.
export function onTokenRejected(listener: TokenErrorListener): () => void {
  tokenErrorListeners.add(listener);
  return () => tokenErrorListeners.delete(listener);
}

let instance: AxiosInstance | null = null;

function http(): AxiosInstance {
  if (instance) return instance;
  instance = axios.create({
    baseURL: getClientConfig().apiUrl,
    timeout: limits.requestTimeoutMs,
    headers: { Accept: 'application/json' },
    // The envelope carries the errors whatever the status: never let axios throw on 4xx/5xx.
    validateStatus: () => true,
  });
  return instance;
}

export function bearer(token: string): string {
  return `Bearer ${token}`;
}

function stripBearer(value: string): string {
  return value.replace(/^Bearer\s+/i, '');
}

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

// multipart/form-data for POST and DELETE: every value in its wire form, as text; a file (a call whose entry
// declares one) as itself, with its name.
export function toFormData(params: Record<string, unknown>): FormData {
  const form = new FormData();
  const files = Object.entries(params).filter((entry): entry is [string, Blob] => isBlob(entry[1]));
  const others = Object.fromEntries(Object.entries(params).filter(([, value]) => !isBlob(value)));
  for (const [key, value] of Object.entries(toWireParams(others))) form.append(key, String(value));
  for (const [key, file] of files) form.append(key, file, file instanceof File ? file.name : key);
  return form;
}

// JSON for PUT and PATCH: native booleans and numbers, dates as Unix seconds.
export function toJsonBody(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    out[key] = value instanceof Date ? toWireValue(value) : value;
  }
  return out;
}

function transportError(error: unknown, requestId: string): ApiRequestError {
  if (error instanceof AxiosError && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')) {
    return new ApiRequestError([{ message: 'commandTimeout' }], 0, requestId);
  }
  return new ApiRequestError([{ message: 'apiUnavailable' }], 0, requestId);
}

// The headers of a call: its fresh id (shared/contracts/src/request-id.ts) and the token when there is one.
function callHeaders(requestId: string): Record<string, string> {
  const token = session.getToken();
  const headers: Record<string, string> = { [REQUEST_ID_HEADER]: requestId };
  if (token) headers.Authorization = bearer(token);
  return headers;
}

// Reads a response: refreshes the token from the `authorization` header, then unwraps the envelope. A failure
// carries the id of the call it answers.
export function readEnvelope(
  response: Pick<AxiosResponse, 'status' | 'headers' | 'data'>,
  requestId: string | null = null,
): unknown {
  const header = response.headers[AUTHORIZATION_HEADER];
  if (typeof header === 'string' && header.length > 0) session.setToken(stripBearer(header));
  const parsed = looseEnvelope.safeParse(response.data);
  if (!parsed.success) {
    throw new ApiRequestError(
      [{ message: response.status >= 500 ? 'internalServerError' : 'error' }],
      response.status,
      requestId,
    );
  }
  const errors: ApiError[] = parsed.data.errors;
  if (errors.length > 0 || response.status >= 400) {
    if (errors.some((e) => (tokenErrorCodes as readonly string[]).includes(e.message))) {
      session.clear();
      for (const listener of tokenErrorListeners) listener();
    }
    throw new ApiRequestError(errors, response.status, requestId);
  }
  return parsed.data.data;
}

export type RequestOptions<T> = {
  params?: Record<string, unknown>;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  // A call sending a file: how much of it has gone, from 0 to 1.
  onUploadProgress?: (fraction: number) => void;
};

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions<T>): Promise<T> {
  const params = options.params ?? {};
  const requestId = newRequestId();
  let response: AxiosResponse;
  try {
    response = await http().request({
      method,
      url: path,
      headers: callHeaders(requestId),
      signal: options.signal,
      params: method === 'GET' ? toWireParams(params) : undefined,
      data:
        method === 'GET'
          ? undefined
          : bodyContentType(method) === 'multipart/form-data'
            ? toFormData(params)
            : toJsonBody(params),
      // A file of several megabytes, and the work on it, take longer than an ordinary call.
      ...(Object.values(params).some(isBlob) ? { timeout: limits.requestTimeoutMs * 12 } : {}),
      ...(options.onUploadProgress === undefined
        ? {}
        : {
            onUploadProgress: (event: { loaded: number; total?: number }) =>
              options.onUploadProgress?.(event.total ? event.loaded / event.total : 0),
          }),
    });
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    throw transportError(error, requestId);
  }
  const data = readEnvelope(response, requestId);
  const result = options.schema.safeParse(data);
  if (!result.success) {
    // The server answered something this client does not understand: say so, never guess.
    throw new ApiRequestError([{ message: 'error' }], response.status, requestId);
  }
  return result.data;
}

// Calls an endpoint that answers a file (`produces`: CSV, vCard, calendar): the file and the name the server
// gives it. A refusal still comes in the JSON envelope, and throws like any other call's.
export async function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[options]: OptionalWhenEmpty<E>
): Promise<{ blob: Blob; fileName: string | null }> {
  const requestId = newRequestId();
  let response: AxiosResponse<Blob>;
  try {
    response = await http().request<Blob>({
      method: endpoint.method,
      url: endpointPath(endpoint.path, options?.path),
      headers: callHeaders(requestId),
      signal: options?.signal,
      params: endpoint.method === 'GET' ? toWireParams((options?.params ?? {}) as Record<string, unknown>) : undefined,
      responseType: 'blob',
      // A whole list as a file may take longer than a page of it.
      timeout: limits.requestTimeoutMs * 6,
    });
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    throw transportError(error, requestId);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (response.status >= 400 || type.includes('application/json')) {
    let body: unknown = null;
    try {
      body = JSON.parse(await response.data.text());
    } catch {
      body = null;
    }
    readEnvelope({ ...response, data: body }, requestId);
    throw new ApiRequestError([{ message: 'error' }], response.status, requestId);
  }
  const header = response.headers[AUTHORIZATION_HEADER];
  if (typeof header === 'string' && header.length > 0) session.setToken(stripBearer(header));
  const disposition = String(response.headers['content-disposition'] ?? '');
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: response.data, fileName };
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>, params?: Record<string, unknown>, signal?: AbortSignal) =>
    apiRequest('GET', path, { schema, params, signal }),
  post: <T>(path: string, schema: z.ZodType<T>, params?: Record<string, unknown>) =>
    apiRequest('POST', path, { schema, params }),
  patch: <T>(path: string, schema: z.ZodType<T>, params?: Record<string, unknown>) =>
    apiRequest('PATCH', path, { schema, params }),
  put: <T>(path: string, schema: z.ZodType<T>, params?: Record<string, unknown>) =>
    apiRequest('PUT', path, { schema, params }),
  delete: <T>(path: string, schema: z.ZodType<T>, params?: Record<string, unknown>) =>
    apiRequest('DELETE', path, { schema, params }),
};

// Test seam: forget the axios instance (its base URL comes from the configuration).
export function resetHttpClient() {
  instance = null;
}

// The path parameters of an endpoint: each `:name` of its path, as text or number.
type PathParams<E extends Endpoint> = E['params'] extends z.ZodType
  ? { [K in keyof z.output<E['params']>]: string | number }
  : never;
// What the caller sends: the query of a GET, the body of the other methods, in their natural JavaScript types.
type Payload<E extends Endpoint> = E['method'] extends 'GET'
  ? E['query'] extends z.ZodType
    ? z.input<E['query']>
    : never
  : E['body'] extends z.ZodType
    ? z.input<E['body']>
    : never;

// A payload whose every field may be left out may itself be left out.
type PayloadOption<P> = [P] extends [never]
  ? { params?: never }
  : undefined extends P
    ? { params?: P }
    : object extends P
      ? { params?: P }
      : { params: P };

// Typed from the endpoint's entry: a missing parameter or a field the endpoint does not take is a compile error.
export type CallOptions<E extends Endpoint> = ([PathParams<E>] extends [never]
  ? { path?: never }
  : { path: PathParams<E> }) &
  PayloadOption<Payload<E>> & { signal?: AbortSignal; onUploadProgress?: (fraction: number) => void };

// Options may be left out when the endpoint needs neither path parameters nor a required payload.
type OptionalWhenEmpty<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

// Calls one endpoint of @bo/contracts' `endpoints`: method, path, parameters and response schema come from the
// contract, never typed twice; the wire forms (0/1, Unix seconds, multipart or JSON) are made here.
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[options]: OptionalWhenEmpty<E>
): Promise<z.output<E['response']>> {
  return apiRequest(endpoint.method, endpointPath(endpoint.path, options?.path), {
    schema: endpoint.response as z.ZodType<z.output<E['response']>>,
    params: options?.params as Record<string, unknown> | undefined,
    signal: options?.signal,
    onUploadProgress: options?.onUploadProgress,
  });
}
