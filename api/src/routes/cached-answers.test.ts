import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { endpoints, type StandbyLists, type Todo } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openSeededSuite, sheetFields, type SeededSuite } from '../test/fixtures';
import { call, createTestApp, testEngines } from '../test/harness';

// The large answers (todos, standby lists) are kept in memory between changes of their data. Whatever changes
// that data, through this instance, another one, or SQL run beside the API, the next answer shows it.
for (const engine of testEngines()) {
  describe(`cached answers on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    const todos = async (target: FastifyInstance, trigram: string, headers: Record<string, string> = {}) => {
      const answer = await call<Todo[]>(target, 'GET', '/todos', { token: suite.tokens[trigram], headers });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return { cache: answer.headers['x-cache'], data: endpoints.todos.response.parse(answer.body.data) };
    };
    const standbyOf = async (target: FastifyInstance, trigram: string) => {
      const answer = await call<StandbyLists>(target, 'GET', '/user/contacts/standby', {
        token: suite.tokens[trigram],
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return { cache: answer.headers['x-cache'], data: endpoints.standbyContacts.response.parse(answer.body.data) };
    };
    const notesOf = (list: Todo[], id: number) => list.find((todo) => todo.id === id)?.notes;

    it('answers the same list from memory until a call changes it', async () => {
      const { fixture } = suite;
      const first = await todos(suite.app, 'COM');
      const second = await todos(suite.app, 'COM');
      assert.deepEqual([first.cache, second.cache], ['miss', 'hit']);
      assert.deepEqual(second.data, first.data);

      const id = fixture.pending.COM;
      const stored = await call(suite.app, 'POST', `/todo/${id}/store`, {
        token: suite.tokens.COM,
        fields: { deadline: '2026-03-12', notes: 'Rappeler lundi' },
      });
      assert.equal(stored.status, 200, JSON.stringify(stored.body));
      const changed = await todos(suite.app, 'COM');
      assert.equal(changed.cache, 'miss');
      assert.equal(notesOf(changed.data, id), 'Rappeler lundi');
      // The leader sees the change in their team's list too.
      assert.equal(notesOf((await todos(suite.app, 'DIR')).data, id), 'Rappeler lundi');
    });

    it('sends a large list gzipped to a caller that accepts gzip, and plain to one that does not', async () => {
      const plain = await todos(suite.app, 'ADM');
      const ask = (acceptEncoding: string) =>
        suite.app.inject({
          method: 'GET',
          url: '/todos',
          headers: { authorization: suite.tokens.ADM, accept: 'application/json', 'accept-encoding': acceptEncoding },
        });
      const zipped = await ask('gzip, deflate, br');
      assert.equal(zipped.statusCode, 200);
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.match(String(zipped.headers.vary), /accept-encoding/i);
      const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as { data: unknown; errors: unknown[] };
      assert.deepEqual(unzipped.errors, []);
      assert.deepEqual(endpoints.todos.response.parse(unzipped.data), plain.data);
      assert.ok(zipped.rawPayload.length * 4 < JSON.stringify(unzipped).length, 'the gzipped answer is much smaller');
      for (const refused of ['identity', 'gzip;q=0, identity']) {
        const answer = await ask(refused);
        assert.equal(answer.headers['content-encoding'], undefined, refused);
        assert.deepEqual(endpoints.todos.response.parse(answer.json<{ data: unknown }>().data), plain.data);
      }
    });

    it('shows a change made by another instance on the same database', async () => {
      const { fixture } = suite;
      const other = await createTestApp(suite.database.openAnother());
      try {
        await todos(suite.app, 'REC');
        assert.equal((await todos(suite.app, 'REC')).cache, 'hit');
        const id = fixture.pending.REC;
        const stored = await call(other, 'POST', `/todo/${id}/store`, {
          token: suite.tokens.REC,
          fields: { deadline: '2026-03-14', notes: 'Vu par l’autre instance' },
        });
        assert.equal(stored.status, 200, JSON.stringify(stored.body));
        assert.equal(notesOf((await todos(suite.app, 'REC')).data, id), 'Vu par l’autre instance');
      } finally {
        await other.close();
      }
    });

    it('shows changes made in SQL to every table a list is made of', async () => {
      const { fixture, database } = suite;
      const id = fixture.pending.COM;
      const todoOf = async () => (await todos(suite.app, 'COM')).data.find((todo) => todo.id === id);
      await todoOf();
      await sql`update task set description = 'Relance écrite' where id = (select task_id from todo where id = ${id})`.execute(
        database.db,
      );
      assert.equal((await todoOf())?.task.description, 'Relance écrite');
      await sql`update contact set last_name = 'Durand-Martin' where id = (select contact_id from todo where id = ${id})`.execute(
        database.db,
      );
      assert.equal((await todoOf())?.contact.lastName, 'Durand-Martin');
      await sql`update app_user set trigram = 'CMX' where id = ${fixture.users.COM}`.execute(database.db);
      assert.equal((await todoOf())?.owner.trigram, 'CMX');
      await sql`update app_user set trigram = 'COM' where id = ${fixture.users.COM}`.execute(database.db);
      await sql`update company set name = 'Atelier Renommé' where id = ${fixture.company}`.execute(database.db);
      const standby = await standbyOf(suite.app, 'ADM');
      await sql`update company set name = 'Atelier Renommé 2' where id = ${fixture.company}`.execute(database.db);
      const again = await standbyOf(suite.app, 'ADM');
      const companies = (lists: StandbyLists) =>
        lists.allContacts.flatMap((contact) => (contact.company === null ? [] : [contact.company.name]));
      assert.ok(companies(standby.data).includes('Atelier Renommé'));
      assert.ok(companies(again.data).includes('Atelier Renommé 2'));
      assert.ok(!companies(again.data).includes('Atelier Renommé'));
      await sql`delete from todo where id = ${fixture.accomplished.COM}`.execute(database.db);
      assert.equal(
        (await todos(suite.app, 'COM')).data.some((todo) => todo.id === fixture.accomplished.COM),
        false,
      );
    });

    it('moves a contact out of the standby lists as soon as a todo activates it', async () => {
      const { fixture } = suite;
      const contactId = fixture.standby.COM;
      const standby = () => standbyOf(suite.app, 'COM');
      assert.ok((await standby()).data.myContacts.some((contact) => contact.id === contactId));
      assert.equal((await standby()).cache, 'hit');
      const added = await call(suite.app, 'POST', `/contact/${contactId}/task/${fixture.tasks.call}/todo/store`, {
        token: suite.tokens.COM,
        fields: { deadline: '2026-03-20', notes: '' },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const afterAdd = await standby();
      assert.equal(afterAdd.cache, 'miss');
      for (const list of Object.values(afterAdd.data)) assert.ok(!list.some((contact) => contact.id === contactId));
    });

    it('builds anew for a caller that sends Cache-Control: no-cache', async () => {
      await todos(suite.app, 'DIB');
      const fresh = await todos(suite.app, 'DIB', { 'cache-control': 'no-cache' });
      assert.equal(fresh.cache, 'bypass');
      assert.deepEqual(fresh.data, (await todos(suite.app, 'DIB')).data);
    });

    // The lists' totals are kept per instance between changes of the data they count (freshness/list-totals.ts).
    it('counts a list again as soon as a write on any instance, or in SQL, changes its total', async () => {
      const { fixture, database } = suite;
      const other = await createTestApp(database.openAnother());
      try {
        const totalOf = async (
          target: FastifyInstance,
          path: string,
          trigram: string,
          query: Record<string, unknown>,
        ) => {
          const answer = await call<{ total: number }>(target, 'GET', path, { token: suite.tokens[trigram], query });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          return answer.body.data!.total;
        };
        // Each list read on both instances, so that both keep its total.
        const totals = async (path: string, trigram: string, query: Record<string, unknown>) => {
          const [here, there] = [
            await totalOf(suite.app, path, trigram, query),
            await totalOf(other, path, trigram, query),
          ];
          assert.equal(there, here, `${path} ${JSON.stringify(query)}: both instances agree`);
          return here;
        };
        const contacts = (trigram: string, query: Record<string, unknown>) => totals('/contacts', trigram, query);
        const companies = (query: Record<string, unknown>) => totals('/companies', 'COM', query);
        const needs = (trigram: string, query: Record<string, unknown>) => totals('/needs', trigram, query);

        // Companies: one deactivated in SQL.
        const activeCompanies = await companies({ isActive: 1 });
        const { id: companyId } = await database.db
          .insertInto('company')
          .values({ name: 'Société Compteur', registration_id: '73282932000082', owner_id: fixture.users.ADM })
          .returning('id')
          .executeTakeFirstOrThrow();
        assert.equal(await companies({ isActive: 1 }), activeCompanies + 1);
        await database.db.updateTable('company').set({ is_active: false }).where('id', '=', companyId).execute();
        assert.equal(await companies({ isActive: 1 }), activeCompanies);

        // Contacts: created on one instance, deactivated on it, reassigned in SQL, a team changed in SQL.
        const team = await contacts('DIR', { scope: 'team' });
        const standby = await contacts('COM', { scope: 'all', standby: 1 });
        const searched = await contacts('COM', { scope: 'all', search: 'Lefèvre' });
        const created = await call<{ id: number }>(other, 'POST', '/contact/store', {
          token: suite.tokens.COM,
          fields: {
            title: 'madam',
            firstName: 'Héloïse',
            lastName: 'Lefèvre',
            companyId: fixture.company,
            ownerId: fixture.users.COM,
          },
        });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        const contactId = created.body.data!.id;
        assert.equal(await contacts('DIR', { scope: 'team' }), team + 1);
        assert.equal(await contacts('COM', { scope: 'all', search: 'Lefèvre' }), searched + 1);
        const stored = await call(suite.app, 'POST', `/contact/${contactId}/store`, {
          token: suite.tokens.COM,
          fields: {
            title: 'madam',
            firstName: 'Héloïse',
            lastName: 'Lefèvre',
            companyId: fixture.company,
            ownerId: fixture.users.COM,
            version: 1,
          },
        });
        assert.equal(stored.status, 200, JSON.stringify(stored.body));
        assert.equal(await contacts('COM', { scope: 'all', standby: 1 }), standby + 1);
        await database.db
          .updateTable('contact')
          .set({ owner_id: fixture.users.DIB })
          .where('id', '=', contactId)
          .execute();
        assert.equal(await contacts('DIR', { scope: 'team' }), team);
        const cobContacts = await contacts('ADM', { scope: 'all', ownerId: fixture.users.COB });
        await database.db
          .updateTable('app_user')
          .set({ leader_id: fixture.users.DIR })
          .where('id', '=', fixture.users.COB)
          .execute();
        assert.equal(await contacts('DIR', { scope: 'team' }), team + cobContacts);
        await database.db
          .updateTable('app_user')
          .set({ leader_id: fixture.users.DIB })
          .where('id', '=', fixture.users.COB)
          .execute();
        assert.equal(await contacts('DIR', { scope: 'team' }), team);

        // Needs sheets: created on one instance, a recruiter and the owner changed in SQL, its status starting to close.
        const { id: statusId } = await database.db
          .insertInto('needs_sheet_status')
          .values({ label: 'Nouveau', color: '#2563eb', closes: false, display_order: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const mine = await needs('COM', { scope: 'my' });
        const recruiting = await needs('REC', { scope: 'my' });
        const open = await needs('DIR', { scope: 'team', open: 1 });
        const found = await totals('/needs/search', 'COM', { q: 'Java' });
        const sheet = await call<{ id: number }>(suite.app, 'POST', '/need/store', {
          token: suite.tokens.COM,
          fields: sheetFields(fixture, { description: 'Refonte du portail client.' }),
        });
        assert.equal(sheet.status, 200, JSON.stringify(sheet.body));
        const sheetId = sheet.body.data!.id;
        assert.deepEqual(
          [
            await needs('COM', { scope: 'my' }),
            await needs('REC', { scope: 'my' }),
            await needs('DIR', { scope: 'team', open: 1 }),
          ],
          [mine + 1, recruiting + 1, open + 1],
        );
        assert.equal(await totals('/needs/search', 'COM', { q: 'Java' }), found + 1);
        await database.db.deleteFrom('needs_sheet_recruiter').where('needs_sheet_id', '=', sheetId).execute();
        assert.equal(await needs('REC', { scope: 'my' }), recruiting);
        await database.db
          .updateTable('needs_sheet')
          .set({ owner_id: fixture.users.DIB })
          .where('id', '=', sheetId)
          .execute();
        assert.equal(await needs('COM', { scope: 'my' }), mine);
        assert.equal(await needs('DIR', { scope: 'team', open: 1 }), open);
        const openAll = await needs('ADM', { scope: 'all', open: 1 });
        await database.db.updateTable('needs_sheet_status').set({ closes: true }).where('id', '=', statusId).execute();
        assert.equal(await needs('ADM', { scope: 'all', open: 1 }), openAll - 1);
      } finally {
        await other.close();
      }
    });

    it('keeps nothing when API_CACHE_MB is 0', async () => {
      const uncached = await createTestApp(suite.database.openAnother(), { answerCacheBytes: 0 });
      try {
        await todos(uncached, 'COB');
        assert.equal((await todos(uncached, 'COB')).cache, 'bypass');
      } finally {
        await uncached.close();
      }
    });
  });
}
