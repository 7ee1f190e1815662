import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { userSchema, type User } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { issueToken, newSessionId } from '../../auth/token';
import { seedFixture, roleTrigrams, type Fixture } from '../../test/fixtures';
import {
  call,
  createTestApp,
  multipart,
  createTestDatabase,
  decodeToken,
  FIXTURE_PASSWORD,
  login,
  snapshot,
  testEngines,
  type TestDatabase,
} from '../../test/harness';

for (const engine of testEngines()) {
  describe(`user calls on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let fixture: Fixture;
    let secret: string;

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      app = await createTestApp(database.db);
      const row = await database.db
        .selectFrom('app_setting')
        .select('value')
        .where('key', '=', 'token_secret')
        .executeTakeFirstOrThrow();
      secret = row.value;
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    describe('POST /user/login', () => {
      it('logs in with a multipart body, returns the user and a Bearer token', async () => {
        const answer = await call<User>(app, 'POST', '/user/login', {
          fields: { trigram: 'dir', password: FIXTURE_PASSWORD, save: true },
        });
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.body.errors, []);
        const user = userSchema.parse(answer.body.data);
        assert.equal(user.trigram, 'DIR');
        assert.equal(user.role.businessLeader, true);
        assert.match(answer.token ?? '', /^Bearer [\w-]+\.[\w-]+$/);
        const payload = decodeToken(answer.token ?? '');
        assert.equal(payload.sub, fixture.users.DIR);
        // iat carries the milliseconds as a fraction of seconds; exp is a whole second.
        assert.equal(payload.exp - Math.floor(payload.iat), 7200);
      });

      it('accepts save=0 (false) and exposes the authorization header to the browser', async () => {
        const answer = await call(app, 'POST', '/user/login', {
          fields: { trigram: 'COM', password: FIXTURE_PASSWORD, save: false },
          headers: { origin: 'http://localhost:3000' },
        });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['access-control-allow-origin'], 'http://localhost:3000');
        assert.match(String(answer.headers['access-control-expose-headers']), /authorization/);
      });

      it('answers autenticationFailed alike for a wrong password and an unknown trigram', async () => {
        const wrong = await call(app, 'POST', '/user/login', { fields: { trigram: 'ADM', password: 'nope', save: 0 } });
        const unknown = await call(app, 'POST', '/user/login', {
          fields: { trigram: 'ZZZ', password: 'nope', save: 0 },
        });
        for (const answer of [wrong, unknown]) {
          assert.equal(answer.status, 401);
          assert.deepEqual(answer.body, { data: null, errors: [{ message: 'autenticationFailed' }] });
          assert.equal(answer.token, undefined);
        }
      });

      it('refuses malformed input with dataInvalid per field', async () => {
        const answer = await call(app, 'POST', '/user/login', { fields: { trigram: 'AB1', save: 'yes' } });
        assert.equal(answer.status, 422);
        const fields = answer.body.errors.map((error) => error.field).sort();
        assert.deepEqual(fields, ['password', 'save', 'trigram']);
        assert.ok(answer.body.errors.every((error) => error.message === 'dataInvalid'));
      });

      it('refuses a body that is not multipart or has a file', async () => {
        const noBody = await call(app, 'POST', '/user/login');
        assert.equal(noBody.status, 422);
        assert.equal(noBody.body.errors[0].message, 'dataInvalid');
        const form = new FormData();
        form.append('trigram', 'ADM');
        form.append('password', new Blob(['x']), 'password.txt');
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        const response = await app.inject({
          method: 'POST',
          url: '/user/login',
          headers: { 'content-type': request.headers.get('content-type') ?? '' },
          payload: Buffer.from(await request.arrayBuffer()),
        });
        assert.equal(response.statusCode, 422);
        assert.equal(response.json().errors[0].message, 'dataInvalid');
      });

      it('answers inactiveUser for a deactivated account with the right password only', async () => {
        const right = await call(app, 'POST', '/user/login', {
          fields: { trigram: 'OFF', password: FIXTURE_PASSWORD },
        });
        assert.equal(right.status, 403);
        assert.deepEqual(right.body.errors, [{ message: 'inactiveUser' }]);
        const wrong = await call(app, 'POST', '/user/login', { fields: { trigram: 'OFF', password: 'nope' } });
        assert.deepEqual(wrong.body.errors, [{ message: 'autenticationFailed' }]);
      });

      it('rate-limits a trigram+IP after 10 failures, shared through the database', async () => {
        const send = async (target: FastifyInstance, password: string, ip: string) => {
          const body = await multipart({ trigram: 'DIB', password });
          const response = await target.inject({
            method: 'POST',
            url: '/user/login',
            remoteAddress: ip,
            headers: { 'content-type': body.contentType },
            payload: body.payload,
          });
          return { status: response.statusCode, errors: response.json().errors as { message: string }[] };
        };
        for (let i = 0; i < 10; i += 1) {
          const answer = await send(app, 'wrong', '10.0.0.1');
          assert.equal(answer.status, 401);
        }
        const blocked = await send(app, FIXTURE_PASSWORD, '10.0.0.1');
        assert.equal(blocked.status, 429);
        assert.deepEqual(blocked.errors, [{ message: 'notAllowed' }]);
        // Another instance on the same database agrees.
        const other = await createTestApp(database.openAnother());
        try {
          assert.equal((await send(other, FIXTURE_PASSWORD, '10.0.0.1')).status, 429);
        } finally {
          await other.close();
        }
        // Another IP is not blocked, and a success there clears only its own failures.
        assert.equal((await send(app, FIXTURE_PASSWORD, '10.0.0.2')).status, 200);
        assert.equal((await send(app, FIXTURE_PASSWORD, '10.0.0.1')).status, 429);
        // Once the window has passed, the pair may try again.
        await database.db
          .updateTable('login_throttle')
          .set({ window_start: new Date(Date.now() - 16 * 60 * 1000) })
          .execute();
        assert.equal((await send(app, FIXTURE_PASSWORD, '10.0.0.1')).status, 200);
      });

      it('gives every role its flags', async () => {
        for (const trigram of roleTrigrams) {
          const answer = await call<User>(app, 'POST', '/user/login', {
            fields: { trigram, password: FIXTURE_PASSWORD },
          });
          const role = userSchema.parse(answer.body.data).role;
          const expected = { ADM: 'admin', DIR: 'businessLeader', COM: 'businessTeam', REC: 'recruitmentTeam' }[
            trigram
          ];
          assert.deepEqual(
            Object.entries(role)
              .filter(([, on]) => on)
              .map(([name]) => name),
            [expected],
          );
        }
      });
    });

    describe('encrypted login', () => {
      it('decrypts an RSA-OAEP password and refuses a plain one', async () => {
        const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const secured = await createTestApp(database.db, { loginPrivateKey: privateKey });
        try {
          const ciphertext = publicEncrypt(
            { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
            Buffer.from(FIXTURE_PASSWORD),
          ).toString('base64');
          const ok = await call(secured, 'POST', '/user/login', {
            fields: { trigram: 'REC', password: ciphertext, save: 1 },
          });
          assert.equal(ok.status, 200);
          assert.ok(ok.token);
          const plain = await call(secured, 'POST', '/user/login', {
            fields: { trigram: 'REC', password: FIXTURE_PASSWORD },
          });
          assert.equal(plain.status, 401);
          assert.deepEqual(plain.body.errors, [{ message: 'autenticationFailed' }]);
          const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
          const foreign = publicEncrypt(
            { key: wrongKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
            Buffer.from(FIXTURE_PASSWORD),
          );
          const other = await call(secured, 'POST', '/user/login', {
            fields: { trigram: 'REC', password: foreign.toString('base64') },
          });
          assert.equal(other.status, 401);
        } finally {
          await secured.close();
        }
      });

      it('takes the plain password too in the documentation’s development mode, and says so on /docs', async () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const development = await createTestApp(database.db, { loginPrivateKey: privateKey, docsPlainLogin: true });
        try {
          const plain = await call(development, 'POST', '/user/login', {
            fields: { trigram: 'REC', password: FIXTURE_PASSWORD },
          });
          assert.equal(plain.status, 200);
          assert.ok(plain.token);
          const wrong = await call(development, 'POST', '/user/login', {
            fields: { trigram: 'REC', password: 'pas le bon' },
          });
          assert.equal(wrong.status, 401);
          const docs = await development.inject({ method: 'GET', url: '/docs/json' });
          const description = (docs.json() as { info: { description: string } }).info.description;
          assert.match(description, /RSA-OAEP/);
          assert.match(description, /Development mode is on/);
        } finally {
          await development.close();
        }
        // Off by default: the documentation tells how to turn it on.
        const docs = await app.inject({ method: 'GET', url: '/docs/json' });
        const description = (docs.json() as { info: { description: string } }).info.description;
        assert.match(description, /API_DOCS_PLAIN_LOGIN=1/);
        assert.doesNotMatch(description, /Development mode is on/);
      });
    });

    describe('tokens', () => {
      it('GET /user returns the connected user and a refreshed token of the same session', async () => {
        const token = await login(app, 'DIR');
        const first = decodeToken(token);
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const answer = await call<User>(app, 'GET', '/user', { token });
        assert.equal(answer.status, 200);
        assert.equal(userSchema.parse(answer.body.data).id, fixture.users.DIR);
        const refreshed = decodeToken(answer.token ?? '');
        assert.equal(refreshed.sid, first.sid);
        assert.ok(refreshed.exp > first.exp);
        // The bare token works too, and so does the refreshed one.
        assert.equal((await call(app, 'GET', '/user', { token: token.replace('Bearer ', '') })).status, 200);
        assert.equal((await call(app, 'GET', '/user', { token: answer.token })).status, 200);
      });

      it('refreshes the token on authenticated error answers too', async () => {
        const token = await login(app, 'COM');
        const answer = await call(app, 'POST', '/todo/999999/store', { token, fields: { deadline: '2026-03-01' } });
        assert.equal(answer.status, 404);
        assert.equal(decodeToken(answer.token ?? '').sid, decodeToken(token).sid);
      });

      it('answers unauthorized, tokenInvalid and tokenExpired', async () => {
        const missing = await call(app, 'GET', '/user');
        assert.equal(missing.status, 401);
        assert.deepEqual(missing.body, { data: null, errors: [{ message: 'unauthorized' }] });
        const garbage = await call(app, 'GET', '/user', { token: 'Bearer not-a-token' });
        assert.deepEqual([garbage.status, garbage.body.errors], [401, [{ message: 'tokenInvalid' }]]);
        const forged = issueToken(fixture.users.ADM, newSessionId(), 3600, 'another-secret-another-secret-another');
        assert.deepEqual((await call(app, 'GET', '/user', { token: `Bearer ${forged}` })).body.errors, [
          { message: 'tokenInvalid' },
        ]);
        const token = await login(app, 'ADM');
        const [body, signature] = token.replace('Bearer ', '').split('.');
        const tampered = Buffer.from(
          Buffer.from(body, 'base64url').toString().replace(`"sub":${fixture.users.ADM}`, `"sub":${fixture.users.DIR}`),
        ).toString('base64url');
        assert.deepEqual((await call(app, 'GET', '/user', { token: `Bearer ${tampered}.${signature}` })).body.errors, [
          { message: 'tokenInvalid' },
        ]);
        const expired = issueToken(fixture.users.ADM, newSessionId(), 60, secret, Math.floor(Date.now() / 1000) - 3600);
        const answer = await call(app, 'GET', '/user', { token: `Bearer ${expired}` });
        assert.deepEqual([answer.status, answer.body.errors], [401, [{ message: 'tokenExpired' }]]);
        assert.equal(answer.token, undefined);
      });

      it('answers inactiveUser once the account is deactivated after login', async () => {
        const token = await login(app, 'COB');
        await database.db
          .updateTable('app_user')
          .set({ is_active: false })
          .where('id', '=', fixture.users.COB)
          .execute();
        try {
          const answer = await call(app, 'GET', '/user', { token });
          assert.deepEqual([answer.status, answer.body.errors], [403, [{ message: 'inactiveUser' }]]);
        } finally {
          await database.db
            .updateTable('app_user')
            .set({ is_active: true })
            .where('id', '=', fixture.users.COB)
            .execute();
        }
      });
    });

    describe('POST /user/logout', () => {
      it('revokes the session for every token of it, on a second instance too', async () => {
        const token = await login(app, 'REC');
        const refreshed = (await call(app, 'GET', '/user', { token })).token ?? '';
        const other = await createTestApp(database.openAnother());
        try {
          // The second instance shares the generated token secret.
          assert.equal((await call(other, 'GET', '/user', { token })).status, 200);
          const answer = await call(app, 'POST', '/user/logout', { token, fields: {} });
          assert.equal(answer.status, 200);
          assert.deepEqual(answer.body, { data: null, errors: [] });
          assert.equal(answer.token, undefined);
          for (const target of [app, other]) {
            for (const candidate of [token, refreshed]) {
              const refused = await call(target, 'GET', '/user', { token: candidate });
              assert.deepEqual([refused.status, refused.body.errors], [401, [{ message: 'tokenBlacklisted' }]]);
            }
          }
          // Other sessions of the same user live on.
          assert.equal((await call(other, 'GET', '/user', { token: await login(other, 'REC') })).status, 200);
        } finally {
          await other.close();
        }
      });

      it('needs a token', async () => {
        const answer = await call(app, 'POST', '/user/logout', { fields: {} });
        assert.deepEqual([answer.status, answer.body.errors], [401, [{ message: 'unauthorized' }]]);
      });
    });

    describe('PATCH /user/settings', () => {
      it('saves layout settings from a JSON body and returns the user', async () => {
        const token = await login(app, 'COM');
        const answer = await call<User>(app, 'PATCH', '/user/settings', {
          token,
          json: { color: 'dark', layout: 'horizontal' },
        });
        assert.equal(answer.status, 200);
        const settings = userSchema.parse(answer.body.data).settings;
        assert.deepEqual(settings, {
          layout: 'horizontal',
          color: 'dark',
          width: 'fluid',
          sidebarTheme: 'dark',
          sidebarType: 'fixed',
          calendarView: 'month',
          onlyPending: false,
        });
        const again = await call<User>(app, 'GET', '/user', { token });
        assert.deepEqual(userSchema.parse(again.body.data).settings, settings);
        const more = await call<User>(app, 'PATCH', '/user/settings', { token, json: { width: 'boxed' } });
        assert.equal(userSchema.parse(more.body.data).settings.color, 'dark');
      });

      it('refuses invalid settings and changes nothing', async () => {
        const token = await login(app, 'ADM');
        const before = await snapshot(database.db);
        const answer = await call(app, 'PATCH', '/user/settings', {
          token,
          json: { color: 'purple', layout: 'vertical' },
        });
        assert.deepEqual([answer.status, answer.body.errors], [422, [{ message: 'dataInvalid', field: 'color' }]]);
        const broken = await app.inject({
          method: 'PATCH',
          url: '/user/settings',
          headers: { authorization: token, 'content-type': 'application/json' },
          payload: '{"color":',
        });
        assert.equal(broken.statusCode, 422);
        assert.equal(await snapshot(database.db), before);
      });

      it('works for every role and needs a token', async () => {
        for (const trigram of roleTrigrams) {
          const token = await login(app, trigram);
          assert.equal(
            (await call(app, 'PATCH', '/user/settings', { token, json: { sidebarType: 'condensed' } })).status,
            200,
          );
          assert.equal((await call(app, 'GET', '/user', { token })).status, 200);
        }
        assert.equal((await call(app, 'PATCH', '/user/settings', { json: { color: 'dark' } })).status, 401);
      });
    });
  });
}
