import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from '@bo/contracts/all';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, FIXTURE_PASSWORD, login, snapshot, testEngines } from '../../test/harness';

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
        fields: { firstName: 'Camille', lastName: 'Obert', email: 'camille.obert@example.fr', phone: '0033 1 23 45 67 89' },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual([saved.body.data?.firstName, saved.body.data?.email, saved.body.data?.phone], ['Camille', 'camille.obert@example.fr', '0033123456789']);
      const history = await suite.database.db.selectFrom('history').select(['user_id']).where('entity', '=', 'user').where('entity_id', '=', suite.fixture.users.COB).execute();
      assert.deepEqual(history, [{ user_id: suite.fixture.users.COB }]);

      const before = await snapshot(suite.database.db);
      const taken = await call(suite.app, 'POST', '/user/profile', {
        token: suite.tokens.COB,
        fields: { firstName: 'Camille', lastName: 'Obert', email: 'DIR@example.fr' },
      });
      assert.deepEqual([taken.status, taken.body.errors], [409, [{ message: 'existingEmail', field: 'email' }]]);
      const empty = await call(suite.app, 'POST', '/user/profile', { token: suite.tokens.COB, fields: { firstName: '', lastName: 'Obert', email: 'x@example.fr' } });
      assert.equal(empty.status, 422);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('changes the password: the current one checked, the new one under the policy; then logs in with it', async () => {
      const before = await snapshot(suite.database.db);
      const wrong = await call(suite.app, 'POST', '/user/password', { token: suite.tokens.REC, fields: { currentPassword: 'faux', newPassword: STRONG } });
      assert.deepEqual([wrong.status, wrong.body.errors], [401, [{ message: 'autenticationFailed', field: 'currentPassword' }]]);
      for (const weak of ['Court-1', 'rec-Tulipe-Vent-48', 'motdepasse123']) {
        const answer = await call(suite.app, 'POST', '/user/password', { token: suite.tokens.REC, fields: { currentPassword: FIXTURE_PASSWORD, newPassword: weak } });
        assert.deepEqual([answer.status, answer.body.errors], [422, [{ message: 'weakPassword', field: 'newPassword' }]], weak);
      }
      assert.equal(await snapshot(suite.database.db), before);

      const done = await call(suite.app, 'POST', '/user/password', { token: suite.tokens.REC, fields: { currentPassword: FIXTURE_PASSWORD, newPassword: STRONG } });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.ok(await login(suite.app, 'REC', STRONG));
      const old = await call(suite.app, 'POST', '/user/login', { fields: { trigram: 'REC', password: FIXTURE_PASSWORD, save: true } });
      assert.deepEqual(old.body.errors, [{ message: 'autenticationFailed' }]);
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
          assert.deepEqual((await call(other, 'GET', '/user', { token })).body.errors, [{ message: 'tokenBlacklisted' }]);
          assert.deepEqual((await call(suite.app, 'GET', '/todos', { token })).body.errors, [{ message: 'tokenBlacklisted' }]);
        }
        assert.equal((await call(other, 'GET', '/user', { token: suite.tokens.DIR })).status, 200);
      } finally {
        await other.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const fresh = await login(suite.app, 'COM');
      assert.equal((await call(suite.app, 'GET', '/user', { token: fresh })).status, 200);
    });
  });
}
