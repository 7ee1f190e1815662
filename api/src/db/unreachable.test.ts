import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { issueToken, newSessionId } from '../auth/token';
import { createTestApp, FIXTURE_PASSWORD, multipart } from '../test/harness';
import { createPgPool, kyselyOnPool } from './engine';

const timeouts = { connectMs: 500, statementMs: 800, lockMs: 500, idleInTransactionMs: 2_000 };
const secret = 'x'.repeat(40);

// A TCP endpoint in front of the database that either forwards (when a real server is given) or swallows
// everything: it accepts connections and never answers, as a frozen database or a broken network would.
function startGate(target: { host: string; port: number } | null) {
  let forwarding = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!forwarding || target === null) return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
    // Freezing cuts the answers of connections already open too.
    const stop = () => upstream.unpipe(client);
    freezers.add(stop);
    client.on('close', () => freezers.delete(stop));
  });
  const freezers = new Set<() => void>();
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    forward: () => {
      forwarding = true;
    },
    freeze: () => {
      forwarding = false;
      for (const stop of freezers) stop();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

describe('a database that accepts connections and never answers', () => {
  const gate = startGate(null);
  let url: string;
  before(async () => {
    url = `postgres://postgres@127.0.0.1:${await gate.listen()}/none`;
  });
  after(() => gate.close());

  it('gets every call answered within the timeouts, queryException in French, and /ready says so', async () => {
    const pool = createPgPool(url, 2, timeouts);
    const db = kyselyOnPool(pool);
    const app = await createTestApp(db, { tokenSecret: secret, db: timeouts });
    try {
      const token = `Bearer ${issueToken(1, newSessionId(), 600, secret)}`;
      const login = await multipart({ trigram: 'COM', password: FIXTURE_PASSWORD });
      const calls = [
        () => app.inject({ method: 'GET', url: '/user', headers: { authorization: token } }),
        () => app.inject({ method: 'GET', url: '/todos', headers: { authorization: token } }),
        () =>
          app.inject({
            method: 'POST',
            url: '/user/login',
            headers: { 'content-type': login.contentType },
            payload: login.payload,
          }),
        () => app.inject({ method: 'GET', url: '/ready' }),
      ];
      const answers = await Promise.all(calls.map((callIt) => timed(callIt)));
      for (const { value, ms } of answers) {
        assert.equal(value.statusCode, 503, value.body);
        assert.deepEqual(value.json().errors, [{ message: 'queryException' }]);
        assert.ok(ms < 3_000, `answered after ${Math.round(ms)} ms`);
      }
      const health = await app.inject({ method: 'GET', url: '/health' });
      assert.equal(health.statusCode, 200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

const serverUrl = process.env.DATABASE_URL;
describe(
  'a database that stops answering, then comes back',
  { skip: serverUrl === undefined ? 'needs DATABASE_URL' : false },
  () => {
    it('answers 503 while it is frozen and recovers by itself', async () => {
      const real = new URL(serverUrl ?? '');
      const gate = startGate({ host: real.hostname, port: Number(real.port || 5432) });
      gate.forward();
      const through = new URL(real);
      through.port = String(await gate.listen());
      const db = kyselyOnPool(createPgPool(through.toString(), 2, timeouts));
      const app = await createTestApp(db, { tokenSecret: secret, db: timeouts });
      try {
        assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);
        gate.freeze();
        const frozen = await timed(() => app.inject({ method: 'GET', url: '/ready' }));
        assert.equal(frozen.value.statusCode, 503);
        assert.ok(frozen.ms < 3_000, `answered after ${Math.round(frozen.ms)} ms`);
        gate.forward();
        // The connection left waiting was closed; new ones reach the database again.
        let status = 0;
        for (let attempt = 0; attempt < 5 && status !== 200; attempt += 1)
          status = (await app.inject({ method: 'GET', url: '/ready' })).statusCode;
        assert.equal(status, 200);
      } finally {
        await app.close();
        await db.destroy();
        await gate.close();
      }
    });
  },
);
