import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { endpoints } from '@bo/contracts';
import { api, callEndpoint, resetHttpClient } from '../api';
import { setClientConfig } from '../config';
import { ApiRequestError } from '../errors';
import { session } from '../session';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

let server: http.Server;
let seen: Seen[] = [];
let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pointClientAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  session.clear();
  reply = (_req, res) => json(res, 200, { data: { ok: true }, errors: [] });
});

const okSchema = z.object({ ok: z.boolean() });

// The client's configuration with its API at this address, and a fresh HTTP client reading it.
function pointClientAt(apiUrl: string) {
  setClientConfig({ appName: 'Test', apiUrl, key: null, defaultUrl: '/agenda', chunkLoadTimeoutMs: 1000 });
  resetHttpClient();
}
describe('API client wire protocol', () => {
  it('sends GET parameters as a query string in their wire forms, with Accept json', async () => {
    await api.get('/todos', okSchema, {
      onlyPending: false,
      start: new Date('2026-11-01T00:00:00Z'),
      filter: { a: 1 },
    });
    const url = new URL(seen[0].url, 'http://x');
    expect(url.pathname).toBe('/todos');
    expect(url.searchParams.get('onlyPending')).toBe('0');
    expect(url.searchParams.get('start')).toBe('1793491200');
    expect(url.searchParams.get('filter')).toBe('{"a":1}');
    expect(seen[0].headers.accept).toContain('application/json');
  });

  it('sends POST bodies as multipart form data', async () => {
    await api.post('/todo/1/store', okSchema, { deadline: '2026-11-21', isAccomplished: true, notes: 'Appeler' });
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('name="isAccomplished"\r\n\r\n1');
    expect(seen[0].body).toContain('name="deadline"\r\n\r\n2026-11-21');
  });

  it('sends PATCH bodies as JSON', async () => {
    await api.patch('/user/settings', okSchema, { color: 'dark' });
    expect(seen[0].headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ color: 'dark' });
  });

  it('carries the token and replaces it from the authorization response header', async () => {
    session.setPersist(false);
    session.setToken('first');
    reply = (_req, res) => json(res, 200, { data: { ok: true }, errors: [] }, { authorization: 'Bearer second' });
    await api.get('/user', okSchema);
    expect(seen[0].headers.authorization).toBe('Bearer first');
    expect(session.getToken()).toBe('second');
    await api.get('/user', okSchema);
    expect(seen[1].headers.authorization).toBe('Bearer second');
  });

  it('turns the error list into an ApiRequestError whatever the status', async () => {
    reply = (_req, res) => json(res, 200, { data: null, errors: [{ message: 'forbidden' }] });
    await expect(api.get('/user', okSchema)).rejects.toMatchObject({ code: 'forbidden' });
    reply = (_req, res) => json(res, 422, { data: null, errors: [{ message: 'dataInvalid', field: 'deadline' }] });
    const error = await api.post('/todo/1/store', okSchema, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).fieldErrors()).toEqual({ deadline: 'Données non valides' });
  });

  it.each(['tokenExpired', 'tokenInvalid', 'tokenBlacklisted'])('clears the token on %s', async (code) => {
    session.setPersist(true);
    session.setToken('stale');
    reply = (_req, res) => json(res, 401, { data: null, errors: [{ message: code }] });
    await expect(api.get('/user', okSchema)).rejects.toMatchObject({ code });
    expect(session.getToken()).toBeNull();
  });

  it('reports apiUnavailable when nothing answers, with the id of the call', async () => {
    pointClientAt('http://127.0.0.1:9');
    const error = await api.get('/user', okSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'apiUnavailable',
      requestId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{5}$/),
    });
    pointClientAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  it('refuses a response that does not match the contract', async () => {
    reply = (_req, res) => json(res, 200, { data: { ok: 'yes' }, errors: [] });
    await expect(api.get('/user', okSchema)).rejects.toMatchObject({ code: 'error' });
  });

  it('gives each call a fresh id of five Crockford base32 characters, and a failure the id of its call', async () => {
    await api.get('/user', okSchema);
    await api.get('/user', okSchema);
    reply = (_req, res) => json(res, 500, { data: null, errors: [{ message: 'internalServerError' }] });
    const error = await api.post('/todo/1/store', okSchema, {}).catch((e: unknown) => e);
    const ids = seen.map((request) => request.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(ids).size).toBe(3);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).requestId).toBe(ids[2]);
  });
});

const todo = {
  id: 7,
  deadline: '2026-11-21',
  executionDate: null,
  notes: 'Rappeler',
  comment: null,
  isAccomplished: false,
  isActive: true,
  created_at: '2026-11-01T09:00:00.000Z',
  task: {
    id: 2,
    description: 'Appel',
    style: { backgroundColor: '#112233', borderColor: '#112233', color: '#ffffff' },
    isActive: true,
  },
  contact: {
    id: 3,
    title: 'madam',
    firstName: 'Anne',
    lastName: 'Martin',
    jobTitle: null,
    company: null,
    ownerId: 1,
    isActive: true,
  },
  owner: { id: 1, trigram: 'COM' },
  replacementId: null,
  version: 0,
  replacement: null,
};

describe('callEndpoint', () => {
  it('takes method, path and response schema from the entry and sends the payload in its wire form', async () => {
    reply = (_req, res) => json(res, 200, { data: todo, errors: [] });
    const saved = await callEndpoint(endpoints.storeTodo, {
      path: { id: 7 },
      params: { deadline: '2026-11-21', isAccomplished: true },
    });
    expect(saved.notes).toBe('Rappeler');
    expect([seen[0].method, seen[0].url]).toEqual(['POST', '/todo/7/store']);
    expect(seen[0].body).toContain('name="isAccomplished"\r\n\r\n1');
    reply = (_req, res) => json(res, 200, { data: [todo], errors: [] });
    await callEndpoint(endpoints.todos, { params: { onlyPending: true } });
    expect(seen[1].url).toBe('/todos?onlyPending=1');
  });

  it('refuses an answer that does not match the entry’s response schema', async () => {
    reply = (_req, res) => json(res, 200, { data: { ...todo, deadline: 12 }, errors: [] });
    await expect(
      callEndpoint(endpoints.storeTodo, { path: { id: 7 }, params: { deadline: '2026-11-21' } }),
    ).rejects.toMatchObject({ code: 'error' });
  });
});

// Compile-time checks (npm run typecheck): a call that does not match its entry does not build. Never run.
export function callsThatDoNotBuild() {
  // @ts-expect-error a field the endpoint does not take
  void callEndpoint(endpoints.storeTodo, { path: { id: 1 }, params: { deadline: '2026-11-21', note: 'x' } });
  // @ts-expect-error the path parameter is missing
  void callEndpoint(endpoints.storeTodo, { params: { deadline: '2026-11-21' } });
  // @ts-expect-error the required deadline is missing
  void callEndpoint(endpoints.addContactTodo, { path: { contactId: 1, taskId: 2 }, params: { notes: 'x' } });
  void callEndpoint(endpoints.accomplishTodo, {
    // @ts-expect-error a path parameter of another endpoint
    path: { id: 1 },
    params: { deadline: '2026-11-21', newDeadline: '2026-11-22' },
  });
  // @ts-expect-error GET /user takes no parameter
  void callEndpoint(endpoints.currentUser, { params: { id: 1 } });
}
