import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, publicEncrypt, type KeyObject } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { seedFixture, type Fixture } from '../test/fixtures';
import {
  call,
  createTestApp,
  createTestDatabase,
  decodeToken,
  FIXTURE_PASSWORD,
  login,
  testEngines,
  type TestDatabase,
} from '../test/harness';
import { checkToken, issueToken, newSessionId } from './token';

// Rotating the token secret and the login key pair, as docs/production.md tells: instances of the API on one
// database, before and after the change of their environment.
const OLD = 'old-secret-old-secret-old-secret-old';
const NEW = 'new-secret-new-secret-new-secret-new';
const bare = (token: string | undefined) => (token ?? '').replace(/^Bearer /, '');

for (const engine of testEngines()) {
  describe(`rotation on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    const apps: FastifyInstance[] = [];
    const instance = async (overrides: Parameters<typeof createTestApp>[1]) => {
      const app = await createTestApp(database.db, overrides);
      apps.push(app);
      return app;
    };

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
    });
    after(async () => {
      for (const app of apps) await app.close();
      await database.close();
    });

    it('accepts a token of the previous secret and answers with a token of the new one', async () => {
      const before = await instance({ tokenSecret: OLD });
      const rotated = await instance({ tokenSecret: NEW, tokenSecretPrevious: OLD });
      const token = await login(before, 'REC');

      const answer = await call<{ id: number }>(rotated, 'GET', '/user', { token });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.data?.id, fixture.users.REC);
      assert.equal(decodeToken(answer.token ?? '').sid, decodeToken(token).sid, 'the same session goes on');
      assert.equal(checkToken(bare(answer.token), [NEW]).ok, true);
      assert.equal(checkToken(bare(answer.token), [OLD]).ok, false);
      // A login on the rotated instance is signed with the new secret too.
      assert.equal(checkToken(bare(await login(rotated, 'DIR')), [NEW]).ok, true);

      // Once the previous secret is dropped, its tokens are refused; the new ones still open.
      const after = await instance({ tokenSecret: NEW });
      assert.deepEqual((await call(after, 'GET', '/user', { token })).body.errors, [{ message: 'tokenInvalid' }]);
      assert.equal((await call(after, 'GET', '/user', { token: answer.token })).status, 200);
    });

    it('accepts, before the switch, a token of the secret to come, still signing with the current one', async () => {
      const prepared = await instance({ tokenSecret: OLD, tokenSecretPrevious: NEW });
      const token = await login(await instance({ tokenSecret: NEW }), 'COM');
      const answer = await call(prepared, 'GET', '/user', { token });
      assert.equal(answer.status, 200);
      assert.equal(checkToken(bare(answer.token), [OLD]).ok, true);
    });

    it('moves from the secret kept in the database to TOKEN_SECRET', async () => {
      const stored = await instance({ tokenSecret: null });
      const token = await login(stored, 'ADM');
      const kept = await database.db
        .selectFrom('app_setting')
        .select('value')
        .where('key', '=', 'token_secret')
        .executeTakeFirstOrThrow();
      const rotated = await instance({ tokenSecret: NEW, tokenSecretPrevious: kept.value });
      const answer = await call(rotated, 'GET', '/user', { token });
      assert.equal(answer.status, 200);
      assert.equal(checkToken(bare(answer.token), [NEW]).ok, true);
    });

    it('refuses, as before, a token of a secret it does not know', async () => {
      const rotated = await instance({ tokenSecret: NEW, tokenSecretPrevious: OLD });
      const forged = issueToken(fixture.users.ADM, newSessionId(), 3600, 'third-secret-third-secret-third-secret');
      const answer = await call(rotated, 'GET', '/user', { token: `Bearer ${forged}` });
      assert.deepEqual([answer.status, answer.body.errors], [401, [{ message: 'tokenInvalid' }]]);
      assert.equal(answer.token, undefined);
    });

    describe('login key pair', () => {
      const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
      const encrypted = (publicKey: KeyObject, password = FIXTURE_PASSWORD) =>
        publicEncrypt(
          { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(password),
        ).toString('base64');
      const loginWith = (app: FastifyInstance, password: string) =>
        call(app, 'POST', '/user/login', { fields: { trigram: 'REC', password, save: 1 } });

      it('decrypts a password encrypted with the previous public key, and the new one', async () => {
        const [previous, current] = [pair(), pair()];
        const rotated = await instance({
          loginPrivateKey: current.privateKey,
          loginPreviousPrivateKey: previous.privateKey,
        });
        for (const key of [previous.publicKey, current.publicKey]) {
          const answer = await loginWith(rotated, encrypted(key));
          assert.equal(answer.status, 200);
          assert.ok(answer.token);
        }
        // Still a password check: the right key with a wrong password fails.
        const wrong = await loginWith(rotated, encrypted(previous.publicKey, 'pas le bon'));
        assert.deepEqual([wrong.status, wrong.body.errors], [401, [{ message: 'autenticationFailed' }]]);
      });

      it('refuses, as before, a key it does not know, and the previous one once dropped', async () => {
        const [previous, current, unknown] = [pair(), pair(), pair()];
        const rotated = await instance({
          loginPrivateKey: current.privateKey,
          loginPreviousPrivateKey: previous.privateKey,
        });
        const foreign = await loginWith(rotated, encrypted(unknown.publicKey));
        assert.deepEqual([foreign.status, foreign.body.errors], [401, [{ message: 'autenticationFailed' }]]);
        const plain = await loginWith(rotated, FIXTURE_PASSWORD);
        assert.equal(plain.status, 401);
        const dropped = await instance({ loginPrivateKey: current.privateKey });
        assert.equal((await loginWith(dropped, encrypted(previous.publicKey))).status, 401);
        assert.equal((await loginWith(dropped, encrypted(current.publicKey))).status, 200);
      });
    });
  });
}
