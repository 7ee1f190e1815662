import {
  AUTHORIZATION_HEADER,
  endpointPath,
  apiErrorSchema,
  limits,
  toWireParams,
  toWireValue,
  tokenErrorCodes,
  type ApiError,
} from '@bo/contracts';
import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { z } from 'zod';
import { getClientConfig } from './config';
import { ApiRequestError } from './errors';
import { session } from './session';

// The API client: the wire protocol of ARCHITECTURE section 4, in one place.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

// multipart/form-data for POST and DELETE: every value in its wire form, as text.
export function toFormData(params: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(toWireParams(params))) form.append(key, String(value));
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

function transportError(error: unknown): ApiRequestError {
  if (error instanceof AxiosError && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')) {
    return new ApiRequestError([{ message: 'commandTimeout' }], 0);
  }
  return new ApiRequestError([{ message: 'apiUnavailable' }], 0);
}

// Reads a response: refreshes the token from the `authorization` header, then unwraps the envelope.
export function readEnvelope(response: Pick<AxiosResponse, 'status' | 'headers' | 'data'>): unknown {
  const header = response.headers[AUTHORIZATION_HEADER];
  if (typeof header === 'string' && header.length > 0) session.setToken(stripBearer(header));
  const parsed = looseEnvelope.safeParse(response.data);
  if (!parsed.success) {
    throw new ApiRequestError([{ message: response.status >= 500 ? 'internalServerError' : 'error' }], response.status);
  }
  const errors: ApiError[] = parsed.data.errors;
  if (errors.length > 0 || response.status >= 400) {
    if (errors.some((e) => (tokenErrorCodes as readonly string[]).includes(e.message))) {
      session.clear();
      for (const listener of tokenErrorListeners) listener();
    }
    throw new ApiRequestError(errors, response.status);
  }
  return parsed.data.data;
}

export type RequestOptions<T> = {
  params?: Record<string, unknown>;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions<T>): Promise<T> {
  const params = options.params ?? {};
  const token = session.getToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = bearer(token);
  let response: AxiosResponse;
  try {
    response = await http().request({
      method,
      url: path,
      headers,
      signal: options.signal,
      params: method === 'GET' ? toWireParams(params) : undefined,
      data:
        method === 'GET'
          ? undefined
          : method === 'POST' || method === 'DELETE'
            ? toFormData(params)
            : toJsonBody(params),
    });
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    throw transportError(error);
  }
  const data = readEnvelope(response);
  const result = options.schema.safeParse(data);
  if (!result.success) {
    // The server answered something this client does not understand: say so, never guess.
    throw new ApiRequestError([{ message: 'error' }], response.status);
  }
  return result.data;
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

type EndpointLike = { method: HttpMethod; path: string; response: z.ZodType };

export type CallOptions = {
  // Path parameters (`:id` in the endpoint's path).
  path?: Record<string, string | number>;
  // Query (GET) or body (other methods), in their natural JavaScript types: the wire forms are made here.
  params?: Record<string, unknown>;
  signal?: AbortSignal;
};

// Calls one endpoint of @bo/contracts' `endpoints`: method, path and response schema come from the contract,
// never typed twice.
export function callEndpoint<E extends EndpointLike>(endpoint: E, options: CallOptions = {}): Promise<z.output<E['response']>> {
  return apiRequest(endpoint.method, endpointPath(endpoint.path, options.path), {
    schema: endpoint.response as z.ZodType<z.output<E['response']>>,
    params: options.params,
    signal: options.signal,
  });
}
