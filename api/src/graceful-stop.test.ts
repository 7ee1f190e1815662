import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { buildApp } from './app';
import { DEMO_PASSWORD } from './db/seed';
import { apiDevNodeFlags, apiSource } from './node-flags';
import { createTestDatabase, multipart, testConfig, testEngines } from './test/harness';

// The graceful stop (main.ts, plugins/app/drain.ts), seen over real sockets: app.inject has no connection to
// close. First a real server process told SIGTERM while a request is under way, then an answer already streaming.

type Server = {
  child: ChildProcess;
  port: number;
  waitForLog: (pattern: RegExp) => Promise<string>;
  exit: Promise<number | null>;
};

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, [...apiDevNodeFlags, apiSource('main')], {
    cwd: path.dirname(path.dirname(apiSource('main'))),
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const seen: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    seen.push(line);
    for (const waiter of waiting.filter((w) => w.pattern.test(line))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const waitForLog = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const line = seen.find((l) => pattern.test(l));
      if (line !== undefined) return resolve(line);
      waiting.push({ pattern, resolve });
      void exit.then((code) => reject(new Error(`the server exited (${code}) before logging ${pattern}`)));
    });
  const listening = await waitForLog(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(listening)![1]);
  return { child, port, waitForLog, exit };
}

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

function parseAnswer(text: string): RawAnswer {
  // A 100 Continue comes before the answer itself.
  const answer = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
  const [head, body] = [answer.slice(0, answer.indexOf('\r\n\r\n')), answer.slice(answer.indexOf('\r\n\r\n') + 4)];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

// A client connection read by hand: what it received, when a whole answer (by Content-Length) has come, and
// when the server has closed it.
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const listeners = new Set<() => void>();
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (const listener of listeners) listener();
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => undefined);
  const until = (done: (text: string) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done(received)) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
    });
  // Resolves with the answer, or null when the server closes the connection without one.
  const nextAnswer = async (): Promise<RawAnswer | null> => {
    const whole = (text: string) => {
      const answer = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      if (!answer.includes('\r\n\r\n')) return false;
      const parsed = parseAnswer(answer);
      return Buffer.byteLength(parsed.body) >= Number(parsed.headers['content-length'] ?? 0);
    };
    await Promise.race([until(whole), closed]);
    const text = received;
    received = '';
    return whole(text) ? parseAnswer(text) : null;
  };
  const opened = new Promise<void>((resolve) => socket.once('connect', resolve));
  return { socket, opened, until: (text: string) => until((r) => r.includes(text)), nextAnswer, closed };
}

// A connection attempt's outcome: 'accepted', or the error's code.
const tryConnect = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

for (const engine of testEngines()) {
  describe(`graceful stop on ${engine}`, () => {
    it('on SIGTERM, refuses new connections, says stopping, answers the request under way in full and exits 0', async () => {
      const database = engine === 'postgres' ? await createTestDatabase(engine) : null;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-stop-'));
      const env: NodeJS.ProcessEnv = { ...process.env, API_PORT: '0', API_HOST: '127.0.0.1' };
      delete env.LOGIN_PRIVATE_KEY_FILE;
      if (database === null) {
        delete env.DATABASE_URL;
        env.DATA_DIR = dataDir;
      } else env.DATABASE_URL = database.url!;
      const server = await startServer(env);
      try {
        // An idle keep-alive connection, after one answer.
        const idle = connect(server.port);
        idle.socket.write('GET /health HTTP/1.1\r\nHost: api\r\n\r\n');
        const before = await idle.nextAnswer();
        assert.deepEqual([before?.status, before?.headers.connection], [200, 'keep-alive']);
        // A request whose headers are not all sent yet.
        const late = connect(server.port);
        await late.opened;
        late.socket.write('GET /health HTTP/1.1\r\nHost: api\r\n');
        // A login under way: the server has its headers (it said 100 Continue), half of its body is sent.
        const { payload, contentType } = await multipart({ trigram: 'COM', password: DEMO_PASSWORD, save: true });
        const half = Math.floor(payload.length / 2);
        const held = connect(server.port);
        held.socket.write(
          `POST /user/login HTTP/1.1\r\nHost: api\r\nContent-Type: ${contentType}\r\n` +
            `Content-Length: ${payload.length}\r\nExpect: 100-continue\r\n\r\n`,
        );
        await held.until('100 Continue');
        held.socket.write(payload.subarray(0, half));

        server.child.kill('SIGTERM');
        // Logged once draining (plugins/app/drain.ts), after the signal's own line.
        await server.waitForLog(/draining: no new connection/);

        // Health checks say stopping, and the connection is closed after the answer.
        late.socket.write('\r\n');
        const stopping = await late.nextAnswer();
        assert.deepEqual(
          [stopping?.status, stopping?.headers.connection, JSON.parse(stopping?.body ?? 'null')],
          [503, 'close', { data: { status: 'stopping' }, errors: [] }],
        );
        assert.equal(await late.closed, '');
        // The idle connection is closed, or says stopping.
        idle.socket.write('GET /health HTTP/1.1\r\nHost: api\r\n\r\n');
        const onIdle = await idle.nextAnswer();
        if (onIdle !== null) assert.deepEqual([onIdle.status, onIdle.headers.connection], [503, 'close']);
        // No new connection: the listening socket closes (at once, but a connect may reach it just before).
        let outcome = await tryConnect(server.port);
        while (outcome === 'accepted') outcome = await tryConnect(server.port);
        assert.equal(outcome, 'ECONNREFUSED');

        // The request under way gets its whole, normal answer (its session written to the database), then its
        // connection is closed.
        held.socket.write(payload.subarray(half));
        const login = await held.nextAnswer();
        assert.equal(login?.status, 200, login?.body);
        assert.equal(login?.headers.connection, 'close');
        assert.match(login?.headers.authorization ?? '', /\S{20,}/);
        assert.equal((JSON.parse(login?.body ?? 'null') as { data: { trigram: string } }).data.trigram, 'COM');
        await held.closed;

        // Within the deadline (past it, the exit code is 1).
        assert.equal(await server.exit, 0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await database?.close();
      }
    });
  });
}

describe('graceful stop of an answer already streaming', () => {
  // A hang is the failure here: a connection left open would hold app.close() for the keep-alive timeout.
  it('ends its keep-alive connection once the answer is whole', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig(), db: database.db });
    const stream = new PassThrough();
    app.get('/stream', { config: { public: true } }, async (_request, reply) => {
      stream.write('first-part,');
      return reply.type('text/plain').send(stream);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const client = connect(port);
      client.socket.write('GET /stream HTTP/1.1\r\nHost: api\r\n\r\n');
      await client.until('first-part,');
      const closing = app.close();
      // Draining: the listening socket is closed.
      while ((await tryConnect(port)) === 'accepted');
      stream.end('last-part');
      const received = await client.closed;
      const answer = parseAnswer(received);
      assert.deepEqual([answer.status, answer.headers.connection], [200, 'keep-alive']);
      assert.match(answer.body, /first-part,[\s\S]*last-part[\s\S]*\r\n0\r\n\r\n$/);
      await closing;
    } finally {
      await app.close();
      await database.close();
    }
  });
});
