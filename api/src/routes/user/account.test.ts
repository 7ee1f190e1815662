import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User, UserSession } from '@bo/contracts/all';
import { issueToken } from '../../auth/token';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, decodeToken, FIXTURE_PASSWORD, login, snapshot, testEngines } from '../../test/harness';

const STRONG = 'Gris-Tulipe-Vent-48';

for (const engine of testEngines()) {
  describe(`my account on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('saves the profile, in the history; an email already used is existingEmail', async () => {
      const saved = await call<User>(suite.app, 'POST', '/user/profile', {
        token: suite.tokens.COB,
        fields: {
          firstName: 'Camille',
          lastName: 'Obert',
          email: 'camille.obert@example.fr',
          phone: '0033 1 23 45 67 89',
        },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(
        [saved.body.data?.firstName, saved.body.data?.email, saved.body.data?.phone],
        ['Camille', 'camille.obert@example.fr', '0033123456789'],
      );
      const history = await suite.database.db
        .selectFrom('history')
        .select(['user_id'])
        .where('entity', '=', 'user')
        .where('entity_id', '=', suite.fixture.users.COB)
        .execute();
      assert.deepEqual(history, [{ user_id: suite.fixture.users.COB }]);

      const before = await snapshot(suite.database.db);
      const taken = await call(suite.app, 'POST', '/user/profile', {
        token: suite.tokens.COB,
        fields: { firstName: 'Camille', lastName: 'Obert', email: 'DIR@example.fr' },
      });
      assert.deepEqual([taken.status, taken.body.errors], [409, [{ message: 'existingEmail', field: 'email' }]]);
      const empty = await call(suite.app, 'POST', '/user/profile', {
        token: suite.tokens.COB,
        fields: { firstName: '', lastName: 'Obert', email: 'x@example.fr' },
      });
      assert.equal(empty.status, 422);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('changes the password: the current one checked, the new one under the policy; then logs in with it', async () => {
      const before = await snapshot(suite.database.db);
      const wrong = await call(suite.app, 'POST', '/user/password', {
        token: suite.tokens.REC,
        fields: { currentPassword: 'faux', newPassword: STRONG },
      });
      assert.deepEqual(
        [wrong.status, wrong.body.errors],
        [401, [{ message: 'autenticationFailed', field: 'currentPassword' }]],
      );
      for (const weak of ['Court-1', 'rec-Tulipe-Vent-48', 'motdepasse123']) {
        const answer = await call(suite.app, 'POST', '/user/password', {
          token: suite.tokens.REC,
          fields: { currentPassword: FIXTURE_PASSWORD, newPassword: weak },
        });
        assert.deepEqual(
          [answer.status, answer.body.errors],
          [422, [{ message: 'weakPassword', field: 'newPassword' }]],
          weak,
        );
      }
      assert.equal(await snapshot(suite.database.db), before);

      const done = await call(suite.app, 'POST', '/user/password', {
        token: suite.tokens.REC,
        fields: { currentPassword: FIXTURE_PASSWORD, newPassword: STRONG },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.ok(await login(suite.app, 'REC', STRONG));
      const old = await call(suite.app, 'POST', '/user/login', {
        fields: { trigram: 'REC', password: FIXTURE_PASSWORD, save: true },
      });
      assert.deepEqual(old.body.errors, [{ message: 'autenticationFailed' }]);
    });

    it('keeps the agenda settings with the layout ones, on the account: another browser gets them', async () => {
      const saved = await call<User>(suite.app, 'PATCH', '/user/settings', {
        token: suite.tokens.DIB,
        json: { calendarView: 'week', onlyPending: true },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const elsewhere = await login(suite.app, 'DIB');
      const read = await call<User>(suite.app, 'GET', '/user', { token: elsewhere });
      assert.deepEqual(read.body.data?.settings, {
        ...saved.body.data?.settings,
        calendarView: 'week',
        onlyPending: true,
        color: 'light',
      });
      const before = await snapshot(suite.database.db);
      for (const json of [{ calendarView: 'day' }, { onlyPending: 'yes' }]) {
        const refused = await call(suite.app, 'PATCH', '/user/settings', { token: elsewhere, json });
        assert.equal(refused.status, 422, JSON.stringify(json));
      }
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('lists the open sessions with their device, the current one marked; ends another one, on every instance', async () => {
      const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0';
      const chrome =
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
      const loginFrom = async (userAgent: string) => {
        const answer = await call(suite.app, 'POST', '/user/login', {
          fields: { trigram: 'DIR', password: FIXTURE_PASSWORD, save: true },
          headers: { 'user-agent': userAgent },
        });
        assert.ok(answer.token);
        return answer.token;
      };
      const onFirefox = await loginFrom(firefox);
      const onChrome = await loginFrom(chrome);
      const listed = await call<UserSession[]>(suite.app, 'GET', '/user/sessions', { token: onChrome });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      const sessions = listed.body.data!;
      // The fixture's own login, then these two; the current one first.
      assert.deepEqual(
        sessions.map((session) => [session.device, session.current]),
        [
          ['Chrome sur Linux', true],
          ['Firefox sur Windows', false],
          ['Appareil inconnu', false],
        ],
      );
      assert.ok(
        sessions.every(
          (session) => !Number.isNaN(Date.parse(session.createdAt)) && !Number.isNaN(Date.parse(session.lastSeenAt)),
        ),
      );
      // Another user's sessions are not in the list, and cannot be ended by this one.
      const others = await call<UserSession[]>(suite.app, 'GET', '/user/sessions', { token: suite.tokens.COB });
      assert.equal(others.body.data?.length, 1);
      const foreign = await call(suite.app, 'DELETE', `/user/session/${others.body.data![0].id}`, {
        token: onChrome,
        fields: {},
      });
      assert.deepEqual([foreign.status, foreign.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
      const bad = await call(suite.app, 'DELETE', '/user/session/abc', { token: onChrome, fields: {} });
      assert.equal(bad.status, 422);

      const other = await createTestApp(suite.database.openAnother());
      try {
        const ended = await call(suite.app, 'DELETE', `/user/session/${sessions[1].id}`, {
          token: onChrome,
          fields: {},
        });
        assert.equal(ended.status, 200, JSON.stringify(ended.body));
        assert.ok(ended.token, 'this session goes on');
        assert.deepEqual((await call(other, 'GET', '/user', { token: onFirefox })).body.errors, [
          { message: 'tokenBlacklisted' },
        ]);
        assert.equal((await call(other, 'GET', '/user', { token: onChrome })).status, 200);
        const left = await call<UserSession[]>(other, 'GET', '/user/sessions', { token: onChrome });
        assert.deepEqual(
          left.body.data?.map((session) => session.device),
          ['Chrome sur Linux', 'Appareil inconnu'],
        );
        const again = await call(other, 'DELETE', `/user/session/${sessions[1].id}`, { token: onChrome, fields: {} });
        assert.equal(again.status, 404);
      } finally {
        await other.close();
      }
    });

    it('refuses a well-signed token whose session does not exist', async () => {
      const { sid } = decodeToken(suite.tokens.REC);
      await suite.database.db.deleteFrom('user_session').where('sid', '=', sid).execute();
      assert.deepEqual((await call(suite.app, 'GET', '/user', { token: suite.tokens.REC })).body.errors, [
        { message: 'tokenBlacklisted' },
      ]);
    });

    it('writes a session’s last sighting at most once a minute', async () => {
      const token = await login(suite.app, 'COB');
      const { sid } = decodeToken(token);
      const lastSeen = () =>
        suite.database.db
          .selectFrom('user_session')
          .select('last_seen_at')
          .where('sid', '=', sid)
          .executeTakeFirstOrThrow();
      const first = (await lastSeen()).last_seen_at;
      assert.equal((await call(suite.app, 'GET', '/user', { token })).status, 200);
      assert.equal((await lastSeen()).last_seen_at.getTime(), first.getTime(), 'seen a moment ago: no write');
      const old = new Date(Date.now() - 61_000);
      await suite.database.db.updateTable('user_session').set({ last_seen_at: old }).where('sid', '=', sid).execute();
      assert.equal((await call(suite.app, 'GET', '/user', { token })).status, 200);
      assert.ok((await lastSeen()).last_seen_at.getTime() > old.getTime() + 60_000, 'a minute later: written');
    });

    it('logs out everywhere: every token of the user refused at once, on another instance too; others untouched', async () => {
      const second = await login(suite.app, 'COM');
      const other = await createTestApp(suite.database.openAnother());
      try {
        assert.equal((await call(other, 'GET', '/user', { token: second })).status, 200);
        const answer = await call(suite.app, 'POST', '/user/logout-all', { token: suite.tokens.COM, fields: {} });
        assert.equal(answer.status, 200);
        assert.equal(answer.token, undefined, 'no fresh token after logging out');
        for (const token of [suite.tokens.COM, second]) {
          assert.deepEqual((await call(other, 'GET', '/user', { token })).body.errors, [
            { message: 'tokenBlacklisted' },
          ]);
          assert.deepEqual((await call(suite.app, 'GET', '/todos', { token })).body.errors, [
            { message: 'tokenBlacklisted' },
          ]);
        }
        assert.equal((await call(other, 'GET', '/user', { token: suite.tokens.DIR })).status, 200);
        const ended = await suite.database.db
          .selectFrom('user_session')
          .select('ended_at')
          .where('user_id', '=', suite.fixture.users.COM)
          .execute();
        assert.ok(ended.length >= 2 && ended.every((row) => row.ended_at !== null), 'every session of the user ended');
      } finally {
        await other.close();
      }
      const fresh = await login(suite.app, 'COM');
      assert.equal((await call(suite.app, 'GET', '/user', { token: fresh })).status, 200);
    });

    it('accepts a login made in the same second as logging out everywhere, after it', async () => {
      // At the start of a second, so that both calls fall within it.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
      const second = Math.floor(Date.now() / 1000);
      const answer = await call(suite.app, 'POST', '/user/logout-all', {
        token: await login(suite.app, 'ADM'),
        fields: {},
      });
      assert.equal(answer.status, 200);
      const fresh = await login(suite.app, 'ADM');
      const read = await call(suite.app, 'GET', '/user', { token: fresh });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal(Math.floor(decodeToken(fresh).iat), second, 'the login in the second of the logout');
      // The refreshed token works as well.
      assert.equal((await call(suite.app, 'GET', '/user', { token: read.token })).status, 200);
    });

    it('refuses a token issued before the sessions were ended, to the millisecond, and accepts one issued after', async () => {
      const secret = await tokenSecret(suite);
      const { sid } = decodeToken(await login(suite.app, 'DIR'));
      // The revocation at the middle of a second; the session itself stays open, so only the instants decide.
      const whole = Math.floor(Date.now() / 1000) - 10;
      await suite.database.db
        .updateTable('app_user')
        .set({ sessions_valid_after: new Date(whole * 1000 + 500) })
        .where('id', '=', suite.fixture.users.DIR)
        .execute();
      const issuedAt = (seconds: number) => `Bearer ${issueToken(suite.fixture.users.DIR, sid, 7200, secret, seconds)}`;
      assert.deepEqual((await call(suite.app, 'GET', '/user', { token: issuedAt(whole + 0.499) })).body.errors, [
        { message: 'tokenBlacklisted' },
      ]);
      assert.equal((await call(suite.app, 'GET', '/user', { token: issuedAt(whole + 0.5) })).status, 200);
      assert.equal((await call(suite.app, 'GET', '/user', { token: issuedAt(whole + 0.501) })).status, 200);
      // A token of whole seconds (issued before milliseconds were carried) counts from the start of its second.
      assert.deepEqual((await call(suite.app, 'GET', '/user', { token: issuedAt(whole) })).body.errors, [
        { message: 'tokenBlacklisted' },
      ]);
      assert.equal((await call(suite.app, 'GET', '/user', { token: issuedAt(whole + 1) })).status, 200);
    });

    it('changing one’s own password ends every other session, on every instance; this one goes on', async () => {
      const current = await login(suite.app, 'DIB');
      const elsewhere = await login(suite.app, 'DIB');
      const other = await createTestApp(suite.database.openAnother());
      try {
        assert.equal((await call(other, 'GET', '/user', { token: elsewhere })).status, 200);
        const done = await call(suite.app, 'POST', '/user/password', {
          token: current,
          fields: { currentPassword: FIXTURE_PASSWORD, newPassword: STRONG },
        });
        assert.equal(done.status, 200, JSON.stringify(done.body));
        assert.ok(done.token, 'a fresh token of this session');
        assert.equal(decodeToken(done.token).sid, decodeToken(current).sid);
        for (const token of [suite.tokens.DIB, elsewhere]) {
          assert.deepEqual((await call(other, 'GET', '/user', { token })).body.errors, [
            { message: 'tokenBlacklisted' },
          ]);
          assert.deepEqual((await call(suite.app, 'GET', '/todos', { token })).body.errors, [
            { message: 'tokenBlacklisted' },
          ]);
        }
        for (const token of [current, done.token])
          assert.equal((await call(other, 'GET', '/user', { token })).status, 200);
        const left = await call<UserSession[]>(suite.app, 'GET', '/user/sessions', { token: done.token });
        assert.deepEqual(
          left.body.data?.map((session) => session.current),
          [true],
        );
        // Another user's sessions are untouched.
        assert.equal((await call(other, 'GET', '/user', { token: suite.tokens.COB })).status, 200);
      } finally {
        await other.close();
      }
      const fresh = await login(suite.app, 'DIB', STRONG);
      assert.equal((await call(suite.app, 'GET', '/user', { token: fresh })).status, 200);
    });
  });
}

async function tokenSecret(suite: SeededSuite): Promise<string> {
  const row = await suite.database.db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', 'token_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
