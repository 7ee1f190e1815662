import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AdminUser, HistoryEntry, ListPage, User } from '@bo/contracts/all';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, login, snapshot, testEngines } from '../../test/harness';

const role = (flags: Partial<Record<'admin' | 'businessLeader' | 'businessTeam' | 'recruitmentTeam', boolean>> = {}) =>
  JSON.stringify({ admin: false, businessLeader: false, businessTeam: true, recruitmentTeam: false, ...flags });

const STRONG = 'Gris-Tulipe-Vent-48';

const newUser = (overrides: Record<string, unknown> = {}) => ({
  trigram: 'nou',
  title: 'madam',
  firstName: 'Nora',
  lastName: 'Ouvrard',
  email: 'nora.ouvrard@example.fr',
  phone: '0033 6 12 34 56 78',
  role: role(),
  password: STRONG,
  ...overrides,
});

// The wire fields of a user as the panel sends them back on an update.
const storeFields = (user: AdminUser, overrides: Record<string, unknown> = {}) => ({
  trigram: user.trigram,
  title: user.title,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone ?? '',
  role: JSON.stringify(user.role),
  leaderId: user.leaderId ?? '',
  isActive: user.isActive,
  ...overrides,
});

for (const engine of testEngines()) {
  describe(`users and teams on ${engine}`, () => {
    let suite: SeededSuite;
    const users = async () =>
      (await call<AdminUser[]>(suite.app, 'GET', '/admin/users', { token: suite.tokens.ADM })).body.data!;
    const userOf = async (trigram: string) => (await users()).find((user) => user.trigram === trigram)!;
    const store = (id: number, fields: Record<string, unknown>) =>
      call<AdminUser>(suite.app, 'POST', `/admin/user/${id}/store`, { token: suite.tokens.ADM, fields });

    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('lists every user with roles, leader, last login, contacts and team members', async () => {
      const list = await users();
      assert.equal(list.length, 7);
      const dir = list.find((user) => user.trigram === 'DIR')!;
      assert.deepEqual([dir.role.businessLeader, dir.teamMemberCount, dir.contactCount], [true, 2, 2]);
      assert.ok(
        dir.lastLoginAt !== null && Date.now() - Date.parse(dir.lastLoginAt) < 60_000,
        'the suite logged DIR in',
      );
      const off = list.find((user) => user.trigram === 'OFF')!;
      assert.deepEqual([off.isActive, off.lastLoginAt], [false, null]);
      assert.equal(list.at(-1)?.trigram, 'OFF', 'inactive users last');
    });

    it('creates a user who logs in with the first password, recorded in the history', async () => {
      const created = await call<AdminUser>(suite.app, 'POST', '/admin/user/store', {
        token: suite.tokens.ADM,
        fields: newUser({ leaderId: suite.fixture.users.DIR }),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual(
        [created.body.data?.trigram, created.body.data?.phone, created.body.data?.leaderId],
        ['NOU', '0033612345678', suite.fixture.users.DIR],
      );
      const token = await login(suite.app, 'NOU', STRONG);
      const me = await call<User>(suite.app, 'GET', '/user', { token });
      assert.equal(me.body.data?.role.businessTeam, true);
      const history = await suite.database.db
        .selectFrom('history')
        .select(['action', 'user_id', 'changes'])
        .where('entity', '=', 'user')
        .where('entity_id', '=', created.body.data!.id)
        .execute();
      assert.equal(history.length, 1);
      assert.deepEqual([history[0].action, history[0].user_id], ['create', suite.fixture.users.ADM]);
      assert.ok(!JSON.stringify(history[0].changes).includes('password'), 'no password in the history');
    });

    it('refuses a taken trigram or email, a weak password, a bad leader, and changes nothing', async () => {
      const before = await snapshot(suite.database.db);
      const create = (fields: Record<string, unknown>) =>
        call(suite.app, 'POST', '/admin/user/store', { token: suite.tokens.ADM, fields: newUser(fields) });
      const refusals: [Record<string, unknown>, number, { message: string; field?: string }][] = [
        [{ trigram: 'com' }, 409, { message: 'existingTrigram', field: 'trigram' }],
        [{ trigram: 'XYZ', email: 'COM@example.fr' }, 409, { message: 'existingEmail', field: 'email' }],
        [
          { trigram: 'XYZ', email: 'x@example.fr', password: 'Court-1' },
          422,
          { message: 'weakPassword', field: 'password' },
        ],
        [
          { trigram: 'XYZ', email: 'x@example.fr', password: 'xyz-Tulipe-Vent-48' },
          422,
          { message: 'weakPassword', field: 'password' },
        ],
        [
          { trigram: 'XYZ', email: 'x@example.fr', password: 'Ouvrard-Tulipe-48' },
          422,
          { message: 'weakPassword', field: 'password' },
        ],
        [
          { trigram: 'XYZ', email: 'x@example.fr', password: 'Motdepasse2026!' },
          422,
          { message: 'weakPassword', field: 'password' },
        ],
        [
          { trigram: 'XYZ', email: 'x@example.fr', leaderId: suite.fixture.users.COM },
          422,
          { message: 'dataInvalid', field: 'leaderId' },
        ],
      ];
      for (const [fields, status, error] of refusals) {
        const answer = await create(fields);
        assert.deepEqual([answer.status, answer.body.errors], [status, [error]], JSON.stringify(fields));
      }
      const malformed = await create({ trigram: 'XY1', role: '{"admin":1}', title: 'sir' });
      assert.equal(malformed.status, 422);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('keeps the admin’s own admin role and account: notAllowed', async () => {
      const admin = await userOf('ADM');
      const before = await snapshot(suite.database.db);
      const demote = await store(admin.id, storeFields(admin, { role: role({ admin: false }) }));
      assert.deepEqual([demote.status, demote.body.errors], [403, [{ message: 'notAllowed', field: 'role' }]]);
      const leave = await store(admin.id, storeFields(admin, { isActive: false }));
      assert.deepEqual([leave.status, leave.body.errors], [403, [{ message: 'notAllowed', field: 'isActive' }]]);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('refuses to deactivate a user with contacts, then a leader with a team; done once both are given away', async () => {
      const dir = await userOf('DIR');
      const before = await snapshot(suite.database.db);
      const withContacts = await store(dir.id, storeFields(dir, { isActive: false }));
      assert.deepEqual(
        [withContacts.status, withContacts.body.errors],
        [409, [{ message: 'cantDeactivateUserWithContact', field: 'isActive' }]],
      );
      assert.equal(await snapshot(suite.database.db), before);

      // Contacts to DIB (the leaders' reassignment call), then the team: DIR still leads COM and REC (and NOU).
      const contactIds = (
        await suite.database.db.selectFrom('contact').select('id').where('owner_id', '=', dir.id).execute()
      ).map((row) => row.id);
      const given = await call(suite.app, 'POST', '/contacts/owner', {
        token: suite.tokens.ADM,
        fields: { ids: JSON.stringify(contactIds), ownerId: suite.fixture.users.DIB },
      });
      assert.equal(given.status, 200, JSON.stringify(given.body));
      const withTeam = await store(dir.id, storeFields(dir, { isActive: false }));
      assert.deepEqual(
        [withTeam.status, withTeam.body.errors],
        [409, [{ message: 'cantDeactivateUserWithTeam', field: 'isActive' }]],
      );

      const notALeader = await call(suite.app, 'POST', `/admin/user/${dir.id}/team/store`, {
        token: suite.tokens.ADM,
        fields: { leaderId: suite.fixture.users.COB },
      });
      assert.deepEqual(
        [notALeader.status, notALeader.body.errors],
        [422, [{ message: 'dataInvalid', field: 'leaderId' }]],
      );
      const moved = await call<{ moved: number }>(suite.app, 'POST', `/admin/user/${dir.id}/team/store`, {
        token: suite.tokens.ADM,
        fields: { leaderId: suite.fixture.users.DIB },
      });
      assert.equal(moved.body.data?.moved, 4, 'COM, REC, NOU and the inactive OFF');
      assert.equal((await userOf('COM')).leaderId, suite.fixture.users.DIB);

      // DIR's token works on a second API instance until the deactivation, and is refused there at once after it.
      const other = await createTestApp(suite.database.openAnother());
      try {
        const still = await call(other, 'GET', '/user', { token: suite.tokens.DIR });
        assert.equal(still.status, 200);
        const done = await store(dir.id, storeFields(await userOf('DIR'), { isActive: false }));
        assert.equal(done.status, 200, JSON.stringify(done.body));
        assert.equal(done.body.data?.isActive, false);
        const refused = await call(other, 'GET', '/user', { token: suite.tokens.DIR });
        assert.deepEqual([refused.status, refused.body.errors], [401, [{ message: 'tokenBlacklisted' }]]);
        const here = await call(suite.app, 'GET', '/todos', { token: suite.tokens.DIR });
        assert.deepEqual(here.body.errors, [{ message: 'tokenBlacklisted' }]);
      } finally {
        await other.close();
      }
      // An inactive user cannot log in.
      const again = await call(suite.app, 'POST', '/user/login', {
        fields: { trigram: 'DIR', password: 'Mot-de-passe-test-1', save: true },
      });
      assert.deepEqual([again.status, again.body.errors], [403, [{ message: 'inactiveUser' }]]);

      const history = await suite.database.db
        .selectFrom('history')
        .select(['entity_id', 'user_id', 'changes'])
        .where('entity', '=', 'user')
        .execute();
      assert.ok(
        history.some((entry) => entry.entity_id === dir.id && JSON.stringify(entry.changes).includes('isActive')),
      );
      assert.ok(
        history.some(
          (entry) => entry.entity_id === suite.fixture.users.COM && JSON.stringify(entry.changes).includes('leaderId'),
        ),
      );
      assert.ok(history.every((entry) => entry.user_id === suite.fixture.users.ADM));

      // Read back as the panel shows it: who did what to whom, newest first.
      const read = async (id: number) =>
        (await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/admin/user/${id}/history`, { token: suite.tokens.ADM }))
          .body.data!;
      const dirStory = await read(dir.id);
      assert.deepEqual(dirStory.items[0].changes.isActive, { from: true, to: false });
      assert.deepEqual(
        [dirStory.items[0].action, dirStory.items[0].user?.trigram, dirStory.items[0].label],
        ['update', 'ADM', 'DIR Prénom DIR Nom DIR'],
      );
      const comStory = await read(suite.fixture.users.COM);
      assert.deepEqual(comStory.items[0].changes.leaderId, { from: dir.id, to: suite.fixture.users.DIB });
      assert.equal(comStory.total, comStory.items.length);
    });

    it('reactivated, a user logs in afresh; their old tokens stay refused; an admin-set password ends their sessions', async () => {
      const dir = await userOf('DIR');
      const back = await store(dir.id, storeFields(dir, { isActive: true }));
      assert.equal(back.status, 200);
      const old = await call(suite.app, 'GET', '/user', { token: suite.tokens.DIR });
      assert.deepEqual(old.body.errors, [{ message: 'tokenBlacklisted' }]);
      // A token issued in the same second as the revocation would be refused too: the next second is a new one.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const fresh = await login(suite.app, 'DIR');
      assert.equal((await call(suite.app, 'GET', '/user', { token: fresh })).status, 200);

      const weak = await store(dir.id, storeFields(await userOf('DIR'), { password: 'Prénom DIR et plus' }));
      assert.deepEqual([weak.status, weak.body.errors], [422, [{ message: 'weakPassword', field: 'password' }]]);
      const reset = await store(dir.id, storeFields(await userOf('DIR'), { password: STRONG }));
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      assert.deepEqual((await call(suite.app, 'GET', '/user', { token: fresh })).body.errors, [
        { message: 'tokenBlacklisted' },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.ok(await login(suite.app, 'DIR', STRONG));
    });

    it('answers modelNotFound for a user that does not exist, and forbidden to the other roles', async () => {
      const admin = await userOf('ADM');
      const missing = await store(999999, storeFields(admin, { trigram: 'ZZZ', email: 'zzz@example.fr' }));
      assert.deepEqual([missing.status, missing.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
      for (const trigram of ['DIB', 'COM', 'REC']) {
        const answer = await call(suite.app, 'GET', '/admin/users', { token: suite.tokens[trigram] });
        assert.deepEqual([answer.status, answer.body.errors], [403, [{ message: 'forbidden' }]], trigram);
        const story = await call(suite.app, 'GET', `/admin/user/${admin.id}/history`, { token: suite.tokens[trigram] });
        assert.deepEqual([story.status, story.body.errors], [403, [{ message: 'forbidden' }]], trigram);
      }
      const none = await call(suite.app, 'GET', '/admin/user/999999/history', { token: suite.tokens.ADM });
      assert.deepEqual([none.status, none.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
    });
  });
}
