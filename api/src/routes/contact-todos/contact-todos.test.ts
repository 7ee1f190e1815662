import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  contactSummarySchema,
  standbyListsSchema,
  todoSchema,
  type ContactSummary,
  type StandbyLists,
  type Todo,
} from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { openSeededSuite, type Fixture, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines, type TestDatabase } from '../../test/harness';

for (const engine of testEngines()) {
  describe(`contact calls on ${engine}`, () => {
    let suite: SeededSuite;
    let database: TestDatabase;
    let app: FastifyInstance;
    let fixture: Fixture;
    let tokens: Record<string, string>;

    before(async () => {
      suite = await openSeededSuite(engine);
      ({ database, app, fixture, tokens } = suite);
    });
    after(() => suite.close());

    const standbyOf = async (trigram: string): Promise<StandbyLists> => {
      const answer = await call<StandbyLists>(app, 'GET', '/user/contacts/standby', { token: tokens[trigram] });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return standbyListsSchema.parse(answer.body.data);
    };
    const ids = (contacts: ContactSummary[]) => contacts.map((contact) => contact.id);
    const standbyIds = (trigrams: string[]) =>
      trigrams.map((trigram) => fixture.standby[trigram]).sort((a, b) => a - b);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

    describe('GET /user/contacts/standby', () => {
      it('splits standby contacts into mine, my team’s and all, for each role that may see them', async () => {
        const everyone = standbyIds(Object.keys(fixture.users));
        const expectations: Record<string, { my: string[]; team: string[] }> = {
          // The users DIR leads.
          DIR: { my: ['DIR'], team: ['COM', 'REC', 'OFF'] },
          // Same leader and the leader.
          COM: { my: ['COM'], team: ['DIR', 'REC', 'OFF'] },
          // No leader, leads nobody.
          ADM: { my: ['ADM'], team: [] },
          DIB: { my: ['DIB'], team: ['COB'] },
          COB: { my: ['COB'], team: ['DIB'] },
        };
        for (const [trigram, expected] of Object.entries(expectations)) {
          const lists = await standbyOf(trigram);
          assert.deepEqual(sorted(ids(lists.myContacts)), standbyIds(expected.my), `${trigram} myContacts`);
          assert.deepEqual(sorted(ids(lists.teamContacts)), standbyIds(expected.team), `${trigram} teamContacts`);
          assert.deepEqual(sorted(ids(lists.allContacts)), everyone, `${trigram} allContacts`);
          assert.ok(lists.allContacts.every((contact) => !contact.isActive));
        }
      });

      it('sorts by last name, accents and case ignored', async () => {
        await database.db
          .insertInto('contact')
          .values([
            { title: 'mister', first_name: 'Zoé', last_name: 'Abel', owner_id: fixture.users.COM },
            { title: 'mister', first_name: 'Yves', last_name: 'écrin AAA', owner_id: fixture.users.COM },
            { title: 'mister', first_name: 'Xavier', last_name: 'Zola', owner_id: fixture.users.COM },
          ])
          .execute();
        const names = (await standbyOf('COM')).myContacts.map((contact) => contact.lastName);
        assert.deepEqual(names, ['Abel', 'écrin AAA', 'Écrin COM', 'Zola']);
        await database.db.deleteFrom('contact').where('first_name', 'in', ['Zoé', 'Yves', 'Xavier']).execute();
      });

      it('is forbidden to the recruitment team, like the page, and needs a token', async () => {
        const answer = await call(app, 'GET', '/user/contacts/standby', { token: tokens.REC });
        assert.deepEqual([answer.status, answer.body.errors], [403, [{ message: 'forbidden' }]]);
        assert.equal((await call(app, 'GET', '/user/contacts/standby')).status, 401);
      });
    });

    describe('POST /contact/{contactId}/task/{taskId}/todo/store', () => {
      it('adds a todo owned by the caller and takes the contact off every standby list', async () => {
        const contactId = fixture.standby.COB;
        const answer = await call<Todo>(app, 'POST', `/contact/${contactId}/task/${fixture.tasks.call}/todo/store`, {
          token: tokens.DIB,
          fields: { deadline: '2026-03-20', notes: 'Premier appel' },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const todo = todoSchema.parse(answer.body.data);
        assert.deepEqual(
          [
            todo.contact.id,
            todo.contact.isActive,
            todo.owner.id,
            todo.task.id,
            todo.deadline,
            todo.notes,
            todo.isAccomplished,
            todo.replacement,
          ],
          [contactId, true, fixture.users.DIB, fixture.tasks.call, '2026-03-20', 'Premier appel', false, null],
        );
        for (const trigram of ['DIB', 'COB', 'ADM']) {
          const lists = await standbyOf(trigram);
          assert.ok(
            ![...lists.myContacts, ...lists.teamContacts, ...lists.allContacts].some(
              (contact) => contact.id === contactId,
            ),
          );
        }
        const history = await database.db
          .selectFrom('history')
          .select(['entity', 'action', 'user_id'])
          .where('entity_id', 'in', [contactId, todo.id])
          .orderBy('id')
          .execute();
        assert.deepEqual(history, [
          { entity: 'todo', action: 'create', user_id: fixture.users.DIB },
          { entity: 'contact', action: 'activate', user_id: fixture.users.DIB },
        ]);
        // The caller sees it on their calendar.
        const calendar = await call<Todo[]>(app, 'GET', '/todos', { token: tokens.DIB, query: { onlyPending: 1 } });
        assert.ok(
          todoSchema
            .array()
            .parse(calendar.body.data)
            .some((candidate) => candidate.id === todo.id),
        );
      });

      it('lets REC, who may not list the standby contacts, find one by the search and add it a todo', async () => {
        const refused = await call(app, 'GET', '/user/contacts/standby', { token: tokens.REC });
        assert.equal(refused.status, 403);
        const { id: contactId } = await database.db
          .insertInto('contact')
          .values({ title: 'madam', first_name: 'Agnès', last_name: 'Écuyer', owner_id: fixture.users.COM })
          .returning('id')
          .executeTakeFirstOrThrow();
        const found = await call<ContactSummary[]>(app, 'GET', '/contacts/search', {
          token: tokens.REC,
          query: { q: 'agnes ecuyer' },
        });
        assert.deepEqual(
          contactSummarySchema
            .array()
            .parse(found.body.data)
            .map((contact) => [contact.id, contact.isActive]),
          [[contactId, false]],
        );
        const answer = await call<Todo>(app, 'POST', `/contact/${contactId}/task/${fixture.tasks.call}/todo/store`, {
          token: tokens.REC,
          fields: { deadline: '2026-03-22' },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(todoSchema.parse(answer.body.data).owner.id, fixture.users.REC);
      });

      it('still adds the todo to an already active contact, for every role', async () => {
        for (const trigram of ['ADM', 'DIR', 'COM', 'REC']) {
          const answer = await call<Todo>(
            app,
            'POST',
            `/contact/${fixture.active.COM}/task/${fixture.tasks.mail}/todo/store`,
            {
              token: tokens[trigram],
              fields: { deadline: '2026-03-21' },
            },
          );
          assert.equal(answer.status, 200);
          const todo = todoSchema.parse(answer.body.data);
          assert.equal(todo.owner.id, fixture.users[trigram]);
          assert.equal(todo.notes, '');
        }
      });

      it('refuses unknown ids, an inactive task type and bad input, changing nothing', async () => {
        const before = await snapshot(database.db);
        const contactId = fixture.standby.REC;
        const unknownContact = await call(app, 'POST', `/contact/999999/task/${fixture.tasks.call}/todo/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-03-20' },
        });
        assert.deepEqual(
          [unknownContact.status, unknownContact.body.errors],
          [404, [{ message: 'modelNotFound', field: 'contactId' }]],
        );
        const unknownTask = await call(app, 'POST', `/contact/${contactId}/task/999999/todo/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-03-20' },
        });
        assert.deepEqual(
          [unknownTask.status, unknownTask.body.errors],
          [404, [{ message: 'modelNotFound', field: 'taskId' }]],
        );
        const retired = await call(app, 'POST', `/contact/${contactId}/task/${fixture.tasks.retired}/todo/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-03-20' },
        });
        assert.deepEqual([retired.status, retired.body.errors], [422, [{ message: 'dataInvalid', field: 'taskId' }]]);
        const badDate = await call(app, 'POST', `/contact/${contactId}/task/${fixture.tasks.call}/todo/store`, {
          token: tokens.COM,
          fields: { deadline: '20/03/2026', notes: 'x'.repeat(5001) },
        });
        assert.equal(badDate.status, 422);
        assert.deepEqual(badDate.body.errors.map((error) => error.field).sort(), ['deadline', 'notes']);
        const anonymous = await call(app, 'POST', `/contact/${contactId}/task/${fixture.tasks.call}/todo/store`, {
          fields: { deadline: '2026-03-20' },
        });
        assert.equal(anonymous.status, 401);
        assert.equal(await snapshot(database.db), before);
      });
    });

    describe('GET /contacts/search', () => {
      const search = async (query: Record<string, unknown>, trigram = 'COM') => {
        const answer = await call<ContactSummary[]>(app, 'GET', '/contacts/search', { token: tokens[trigram], query });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return contactSummarySchema.array().parse(answer.body.data);
      };

      it('finds contacts by first, last or company name, case-insensitively, for every role', async () => {
        for (const trigram of ['ADM', 'DIR', 'COM', 'REC']) {
          const found = await search({ q: 'DURAND dir' }, trigram);
          assert.deepEqual(ids(found), [fixture.active.DIR]);
        }
        assert.equal((await search({ q: 'durand' })).length, 7);
        assert.equal((await search({ q: 'paul d' })).length, 7);
        assert.equal((await search({ q: 'société test', limit: 100 })).length, 14);
        assert.equal((await search({ q: 'rand' })).length, 7);
      });

      it('puts names starting with the text first and honours limit', async () => {
        await database.db
          .insertInto('contact')
          .values({ title: 'madam', first_name: 'Anne', last_name: 'Bedurand', owner_id: fixture.users.COM })
          .execute();
        const found = await search({ q: 'dur' });
        assert.equal(found[0].lastName.startsWith('Durand'), true);
        assert.equal(found[found.length - 1].lastName, 'Bedurand');
        assert.equal((await search({ q: 'dur', limit: 2 })).length, 2);
      });

      it('ignores accents and case, in the text and in the names, as every search does', async () => {
        const { id } = await database.db
          .insertInto('contact')
          .values({ title: 'madam', first_name: 'Hélène', last_name: 'Lefèvre', owner_id: fixture.users.COM })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const q of ['helene', 'HÉLÈNE', 'Hélène', 'lefevre hel', 'helene LEFÈ']) {
          assert.deepEqual(ids(await search({ q }, 'REC')), [id], q);
        }
        // The contacts list's search folds the same way.
        const list = await call<{ items: { id: number }[] }>(app, 'GET', '/contacts', {
          token: tokens.COM,
          query: { search: 'HELENE' },
        });
        assert.deepEqual(
          list.body.data?.items.map((item) => item.id),
          [id],
        );
      });

      it('takes the text literally (no LIKE wildcards)', async () => {
        assert.deepEqual(await search({ q: '%%' }), []);
        assert.deepEqual(await search({ q: '__' }), []);
      });

      it('refuses a too short text or a limit above 100', async () => {
        const short = await call(app, 'GET', '/contacts/search', { token: tokens.COM, query: { q: 'a' } });
        assert.deepEqual([short.status, short.body.errors], [422, [{ message: 'dataInvalid', field: 'q' }]]);
        const many = await call(app, 'GET', '/contacts/search', { token: tokens.COM, query: { q: 'dur', limit: 101 } });
        assert.deepEqual(many.body.errors, [{ message: 'dataInvalid', field: 'limit' }]);
        assert.equal((await call(app, 'GET', '/contacts/search', { query: { q: 'dur' } })).status, 401);
      });
    });
  });
}
