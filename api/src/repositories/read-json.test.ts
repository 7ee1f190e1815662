import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { endpoints, type ContactSummary, type StandbyLists, type Todo } from '@bo/contracts/all';
import type { Actor, OwnerScope } from '../domain/actor';
import { addTodo, seedFixture, type Fixture } from '../test/fixtures';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/harness';
import { toContactSummary } from './contact-summaries';
import { createRepositories, type Repositories } from './index';

// The calendar and the standby lists are written as JSON by the database and sent as they are. These tests pin
// that text to the contract: it must parse with the zod response schema and be, byte for byte, what the mapping
// in Node (toTodoDto, toContactSummary) followed by JSON.stringify gives for the same rows.
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Text that JSON must escape (quotes, backslash, control characters) or keep as is (accents, emoji, U+2028).
const awkward = 'Guillemets " et \\ barre, ligne\nsuivante\ttab \u0001 ctrl, accents éàç, emoji 🙂, sep \u2028 fin';

// The standby lists as the route computed them before the JSON was built in SQL.
function standbyInNode(
  rows: Awaited<ReturnType<Repositories['contactSummaries']['standby']>>,
  actor: Actor,
  teamIds: number[],
): StandbyLists {
  const team = new Set(teamIds);
  const myContacts: ContactSummary[] = [];
  const teamContacts: ContactSummary[] = [];
  const allContacts = rows.map((row) => {
    const contact = toContactSummary(row);
    if (row.owner_id === actor.id) myContacts.push(contact);
    else if (team.has(row.owner_id)) teamContacts.push(contact);
    return contact;
  });
  return { myContacts, teamContacts, allContacts };
}

for (const engine of testEngines()) {
  describe(`JSON built by the database on ${engine}`, () => {
    let database: TestDatabase;
    let repos: Repositories;
    let fixture: Fixture;
    let replaced: number;
    let followUp: number;
    let loner: number;
    const actor = (trigram: string, leader: string | null): Actor => ({
      id: fixture.users[trigram],
      role: { admin: false, businessLeader: false, businessTeam: true, recruitmentTeam: false },
      leaderId: leader === null ? null : fixture.users[leader],
    });

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      repos = createRepositories(database.db);
      const { db } = database;
      // A contact with no company, awkward text everywhere, a todo with a comment and a follow-up (replacement).
      loner = (
        await db
          .insertInto('contact')
          .values({
            title: 'miss',
            first_name: awkward,
            last_name: 'Zoé "Sans" société',
            job_title: awkward,
            company_id: null,
            owner_id: fixture.users.COM,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      // Its twin without todos stays en veille, in the standby lists.
      await db
        .insertInto('contact')
        .values({
          title: 'miss',
          first_name: awkward,
          last_name: 'Zoé "Veille" sans société',
          job_title: awkward,
          company_id: null,
          owner_id: fixture.users.COM,
        })
        .execute();
      followUp = await addTodo(db, {
        contact_id: loner,
        task_id: fixture.tasks.mail,
        owner_id: fixture.users.COM,
        deadline: '2026-03-20',
        notes: awkward,
      });
      replaced = await addTodo(db, {
        contact_id: loner,
        task_id: fixture.tasks.call,
        owner_id: fixture.users.COM,
        deadline: '2026-03-05',
        notes: '',
        comment: awkward,
        is_accomplished: true,
        execution_date: '2026-03-05T08:09:10.123Z',
        created_at: '2026-02-20T23:30:00.456Z',
        replacement_id: followUp,
      });
    });
    after(async () => {
      await database.close();
    });

    const cases: [OwnerScope, string, { onlyPending: boolean; from?: string; to?: string }][] = [
      ['all', 'ADM', { onlyPending: false }],
      ['all', 'ADM', { onlyPending: true, from: '2026-03-01', to: '2026-03-31' }],
      ['selfAndTeam', 'DIR', { onlyPending: false }],
      ['selfAndTeam', 'DIR', { onlyPending: true }],
      ['self', 'COM', { onlyPending: false, from: '2026-03-01', to: '2026-03-31' }],
      ['self', 'COM', { onlyPending: false, from: '2030-01-01', to: '2030-01-31' }],
    ];

    it('lists todos exactly as the mapping in Node serialized them, for every scope and filter', async () => {
      for (const [scope, trigram, filters] of cases) {
        const { json } = await repos.todos.listJson(scope, fixture.users[trigram], filters);
        const mapped = await repos.todos.list(scope, fixture.users[trigram], filters);
        assert.equal(json, JSON.stringify(mapped), `${scope} ${trigram} ${JSON.stringify(filters)}`);
        assert.deepEqual(endpoints.todos.response.parse(JSON.parse(json)), mapped);
      }
      assert.equal(
        (await repos.todos.listJson('self', fixture.users.COM, { onlyPending: false, from: '2030-01-01' })).json,
        '[]',
      );
    });

    it('writes dates as yyyy-MM-dd, timestamps as ISO 8601, and nests the replacement', async () => {
      const todos = endpoints.todos.response.parse(
        JSON.parse((await repos.todos.listJson('self', fixture.users.COM, { onlyPending: false })).json),
      );
      const done = todos.find((todo) => todo.id === replaced);
      assert.ok(done !== undefined);
      assert.deepEqual(
        [done.deadline, done.executionDate, done.created_at, done.comment, done.notes],
        ['2026-03-05', '2026-03-05T08:09:10.123Z', '2026-02-20T23:30:00.456Z', awkward, ''],
      );
      assert.equal(done.contact.company, null);
      assert.equal(done.contact.firstName, awkward);
      assert.ok(done.replacement !== null);
      assert.deepEqual(
        [done.replacement.id, done.replacement.notes, done.replacement.executionDate],
        [done.replacementId, awkward, null],
      );
      const dated = (todo: Omit<Todo, 'replacement'>) => {
        assert.match(todo.deadline, isoDate);
        assert.match(todo.created_at, isoTimestamp);
        if (todo.executionDate !== null) assert.match(todo.executionDate, isoTimestamp);
      };
      for (const todo of todos) {
        dated(todo);
        if (todo.replacement !== null) dated(todo.replacement);
      }
    });

    it('keeps each owner’s piece of a list until their todos, a follow-up they nest or what they show change', async () => {
      const { db } = database;
      const check = async (label: string) => {
        for (const [scope, trigram, filters] of cases) {
          const { json } = await repos.todos.listJson(scope, fixture.users[trigram], filters);
          const mapped = await repos.todos.list(scope, fixture.users[trigram], filters);
          assert.equal(json, JSON.stringify(mapped), `${label}: ${scope} ${trigram} ${JSON.stringify(filters)}`);
        }
      };
      await check('read again');
      await db
        .updateTable('todo')
        .set({ notes: 'Rappeler lundi', deadline: '2026-03-12' })
        .where('id', '=', fixture.pending.COM)
        .execute();
      await check('a todo changed');
      // The follow-up nested in COM's accomplished todo is given to DIR, then changed by DIR alone.
      await db.updateTable('todo').set({ owner_id: fixture.users.DIR }).where('id', '=', followUp).execute();
      await check('a follow-up given to another owner');
      await db.updateTable('todo').set({ notes: 'Repris par DIR' }).where('id', '=', followUp).execute();
      await check('a follow-up changed by its new owner');
      await db.updateTable('contact').set({ last_name: 'Zoé renommée' }).where('id', '=', loner).execute();
      await check('a contact renamed');
      await addTodo(db, {
        contact_id: loner,
        task_id: fixture.tasks.call,
        owner_id: fixture.users.COB,
        deadline: '2026-03-09',
        notes: 'Nouvelle',
      });
      await check('a todo added for another owner');
      await db.deleteFrom('todo').where('owner_id', '=', fixture.users.COB).where('notes', '=', 'Nouvelle').execute();
      await check('a todo removed');
    });

    it('splits the standby lists exactly as the route did in Node', async () => {
      const actors = [
        actor('COM', 'DIR'),
        actor('DIR', null),
        actor('COB', 'DIB'),
        actor('ADM', null),
        actor('OFF', 'DIR'),
      ];
      const rows = await repos.contactSummaries.standby();
      for (const who of actors) {
        const { json } = await repos.contactSummaries.standbyJson(who);
        const expected = standbyInNode(rows, who, await repos.users.teamIds(who));
        assert.equal(json, JSON.stringify(expected), `actor ${who.id}`);
        assert.deepEqual(endpoints.standbyContacts.response.parse(JSON.parse(json)), expected);
      }
      const lists = endpoints.standbyContacts.response.parse(
        JSON.parse((await repos.contactSummaries.standbyJson(actor('COM', 'DIR'))).json),
      );
      assert.ok(lists.myContacts.some((contact) => contact.company === null && contact.jobTitle === awkward));
    });

    it('answers empty lists when no contact is en veille', async () => {
      // A contact is active once it has a pending todo: every contact en veille gets one.
      await sql`insert into todo (contact_id, task_id, owner_id, deadline)
        select c.id, (select min(id) from task), c.owner_id, '2030-01-01' from contact c where not c.is_active`.execute(
        database.db,
      );
      assert.equal(
        (await repos.contactSummaries.standbyJson(actor('COM', 'DIR'))).json,
        '{"myContacts":[],"teamContacts":[],"allContacts":[]}',
      );
    });
  });
}
