import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { seedFixture } from '../../test/fixtures';
import {
  createTestApp,
  createTestDatabase,
  FIXTURE_PASSWORD,
  multipart,
  snapshot,
  testEngines,
  type TestDatabase,
} from '../../test/harness';

type Attempt = { trigram: string; password: string; ip: string; forwardedFor?: string };

async function attempt(app: FastifyInstance, { trigram, password, ip, forwardedFor }: Attempt): Promise<number> {
  const body = await multipart({ trigram, password });
  const headers: Record<string, string> = { 'content-type': body.contentType };
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  const response = await app.inject({
    method: 'POST',
    url: '/user/login',
    remoteAddress: ip,
    headers,
    payload: body.payload,
  });
  return response.statusCode;
}

// A session opened from an address: its token.
async function sessionFrom(app: FastifyInstance, trigram: string, ip: string): Promise<string> {
  const body = await multipart({ trigram, password: FIXTURE_PASSWORD });
  const response = await app.inject({
    method: 'POST',
    url: '/user/login',
    remoteAddress: ip,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  const token = response.headers.authorization;
  if (response.statusCode !== 200 || typeof token !== 'string')
    throw new Error(`login ${trigram} failed: ${response.body}`);
  return token;
}

// A password change from an address: its status and errors.
async function changePassword(
  app: FastifyInstance,
  token: string,
  ip: string,
  currentPassword: string,
  newPassword: string,
): Promise<{ status: number; errors: unknown }> {
  const body = await multipart({ currentPassword, newPassword });
  const response = await app.inject({
    method: 'POST',
    url: '/user/password',
    remoteAddress: ip,
    headers: { 'content-type': body.contentType, authorization: token },
    payload: body.payload,
  });
  return { status: response.statusCode, errors: response.json<{ errors: unknown }>().errors };
}

const STRONG = 'Gris-Tulipe-Vent-48';

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

// Three letters for the n-th trigram: AAA, AAB... (most of them unknown users, as in password spraying).
const trigramAt = (n: number) =>
  [676, 26, 1].map((unit) => String.fromCharCode(65 + (Math.floor(n / unit) % 26))).join('');

for (const engine of testEngines()) {
  describe(`login limits on ${engine}`, () => {
    let database: TestDatabase;
    let first: FastifyInstance;
    let second: FastifyInstance;

    before(async () => {
      database = await createTestDatabase(engine);
      await seedFixture(database.db);
      first = await createTestApp(database.db);
      // A second instance with its own connections to the same database.
      second = await createTestApp(database.openAnother());
    });
    after(async () => {
      await first.close();
      await second.close();
      await database.close();
    });

    it('checks no more than 10 passwords of 100 parallel attempts on two instances', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          attempt(i % 2 === 0 ? first : second, { trigram: 'DIB', password: `wrong-${i}`, ip: '10.1.0.1' }),
        ),
      );
      assert.deepEqual(tally(statuses), { 401: 10, 429: 90 });
      // The right password from that address waits for the window like the rest...
      assert.equal(await attempt(second, { trigram: 'DIB', password: FIXTURE_PASSWORD, ip: '10.1.0.1' }), 429);
      // ...while the real user, from their own address, logs in at once.
      assert.equal(await attempt(first, { trigram: 'DIB', password: FIXTURE_PASSWORD, ip: '10.1.0.2' }), 200);
    });

    it('limits one address trying a password on many trigrams (spraying)', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 60; n += 1) {
        statuses.push(
          await attempt(n % 2 === 0 ? first : second, {
            trigram: trigramAt(n + 1000),
            password: 'Printemps2026',
            ip: '10.2.0.1',
          }),
        );
      }
      // 30 failures per address and window across trigrams, then 429 for every trigram.
      assert.deepEqual(tally(statuses), { 401: 30, 429: 30 });
      assert.equal(await attempt(first, { trigram: 'COM', password: FIXTURE_PASSWORD, ip: '10.2.0.1' }), 429);
      assert.equal(await attempt(first, { trigram: 'COM', password: FIXTURE_PASSWORD, ip: '10.2.0.9' }), 200);
    });

    it('counts successes for nobody: a user who logs in often is never limited', async () => {
      for (let i = 0; i < 40; i += 1)
        assert.equal(await attempt(first, { trigram: 'REC', password: FIXTURE_PASSWORD, ip: '10.3.0.1' }), 200);
    });

    it('holds the current password of a password change under the login limits: 40 parallel guesses on two instances', async () => {
      const token = await sessionFrom(first, 'COB', '10.6.0.1');
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          changePassword(i % 2 === 0 ? first : second, token, '10.6.0.1', `wrong-${i}`, STRONG),
        ),
      );
      assert.deepEqual(tally(guesses.map((guess) => guess.status)), { 401: 10, 429: 30 });
      // Past the limit, the right current password is refused too, and nothing changes.
      const before = await snapshot(database.db);
      const right = await changePassword(second, token, '10.6.0.1', FIXTURE_PASSWORD, STRONG);
      assert.deepEqual([right.status, right.errors], [429, [{ message: 'notAllowed' }]]);
      assert.equal(await snapshot(database.db), before);
      // The guesses spent the login's budget for that trigram from that address.
      assert.equal(await attempt(first, { trigram: 'COB', password: FIXTURE_PASSWORD, ip: '10.6.0.1' }), 429);
      // The password is still the old one; from another address the user logs in and changes it at once.
      assert.equal(await attempt(first, { trigram: 'COB', password: STRONG, ip: '10.6.0.2' }), 401);
      const own = await sessionFrom(second, 'COB', '10.6.0.2');
      assert.equal((await changePassword(first, own, '10.6.0.2', FIXTURE_PASSWORD, STRONG)).status, 200);
      assert.equal(await attempt(second, { trigram: 'COB', password: STRONG, ip: '10.6.0.3' }), 200);
    });

    it('reads the client address from X-Forwarded-For only behind a trusted proxy', async () => {
      const direct = (n: number) =>
        attempt(first, { trigram: 'DIR', password: 'wrong', ip: '10.4.0.1', forwardedFor: `192.0.2.${n}` });
      // Not trusted (the default): a forged header changes nothing, the socket address is limited.
      const forged = [];
      for (let n = 0; n < 11; n += 1) forged.push(await direct(n));
      assert.deepEqual(tally(forged), { 401: 10, 429: 1 });

      const proxied = await createTestApp(database.openAnother(), { trustProxy: ['10.5.0.1'] });
      try {
        const viaProxy = (client: string, password: string) =>
          attempt(proxied, { trigram: 'DIR', password, ip: '10.5.0.1', forwardedFor: client });
        const attacker = [];
        for (let n = 0; n < 11; n += 1) attacker.push(await viaProxy('198.51.100.7', 'wrong'));
        assert.deepEqual(tally(attacker), { 401: 10, 429: 1 });
        // Everyone behind the proxy shares its socket address, yet the real user is not locked out.
        assert.equal(await viaProxy('198.51.100.8', FIXTURE_PASSWORD), 200);
      } finally {
        await proxied.close();
      }
    });
  });
}
