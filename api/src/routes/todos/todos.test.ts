import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { todoSchema, type Todo } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addTodo, openSeededSuite, type Fixture, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, snapshot, testEngines, type TestDatabase } from '../../test/harness';

const parisMidnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00+01:00`);

for (const engine of testEngines()) {
  describe(`todo calls on ${engine}`, () => {
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

    const todosOf = async (trigram: string, query: Record<string, unknown> = {}) => {
      const answer = await call<Todo[]>(app, 'GET', '/todos', { token: tokens[trigram], query });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return todoSchema.array().parse(answer.body.data);
    };
    const fixtureTodoIds = (trigrams: string[]) =>
      trigrams.flatMap((t) => [fixture.pending[t], fixture.accomplished[t]]).sort((a, b) => a - b);
    const idsIn = (todos: Todo[], among: number[]) =>
      todos
        .map((todo) => todo.id)
        .filter((id) => among.includes(id))
        .sort((a, b) => a - b);
    const allFixtureIds = () => fixtureTodoIds(Object.keys(fixture.users));

    describe('GET /todos', () => {
      it('shows each role the todos it may see', async () => {
        const all = allFixtureIds();
        assert.deepEqual(idsIn(await todosOf('ADM'), all), all);
        // A leader sees the users they lead (OFF included), never another team.
        assert.deepEqual(idsIn(await todosOf('DIR'), all), fixtureTodoIds(['DIR', 'COM', 'REC', 'OFF']));
        assert.deepEqual(idsIn(await todosOf('DIB'), all), fixtureTodoIds(['DIB', 'COB']));
        assert.deepEqual(idsIn(await todosOf('COM'), all), fixtureTodoIds(['COM']));
        assert.deepEqual(idsIn(await todosOf('REC'), all), fixtureTodoIds(['REC']));
      });

      it('returns todos with task, contact summary, owner and dates as the contract says', async () => {
        const [todo] = (
          await todosOf('COM', { start: parisMidnight('2026-03-10'), end: parisMidnight('2026-03-10') })
        ).filter((candidate) => candidate.id === fixture.pending.COM);
        assert.equal(todo.deadline, '2026-03-10');
        assert.equal(todo.task.description, 'Appel de suivi');
        assert.deepEqual(todo.task.style, { backgroundColor: '#2563eb', borderColor: '#1e40af', color: '#ffffff' });
        assert.equal(todo.contact.lastName, 'Durand COM');
        assert.deepEqual(todo.contact.company, { id: fixture.company, name: 'Société Test' });
        assert.deepEqual(todo.owner, { id: fixture.users.COM, trigram: 'COM' });
        assert.equal(todo.executionDate, null);
        assert.match(todo.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        const done = (await todosOf('COM')).find((candidate) => candidate.id === fixture.accomplished.COM);
        assert.equal(done?.executionDate, '2026-02-10T10:00:00.000Z');
      });

      it('onlyPending=1 hides accomplished todos; "0" is false; the default shows them', async () => {
        const ids = fixtureTodoIds(['COM']);
        assert.deepEqual(idsIn(await todosOf('COM', { onlyPending: true }), ids), [fixture.pending.COM]);
        assert.deepEqual(idsIn(await todosOf('COM', { onlyPending: '0' }), ids), ids);
        assert.deepEqual(idsIn(await todosOf('COM'), ids), ids);
      });

      it('start/end in Unix seconds bound the deadline, both days included', async () => {
        const ids = fixtureTodoIds(['COM']);
        const march = await todosOf('COM', { start: parisMidnight('2026-03-01'), end: parisMidnight('2026-03-31') });
        assert.deepEqual(idsIn(march, ids), [fixture.pending.COM]);
        const exact = await todosOf('COM', { start: parisMidnight('2026-02-10'), end: parisMidnight('2026-02-10') });
        assert.deepEqual(idsIn(exact, ids), [fixture.accomplished.COM]);
        const raw = await call<Todo[]>(app, 'GET', `/todos?start=${parisMidnight('2026-03-11').getTime() / 1000}`, {
          token: tokens.COM,
        });
        assert.deepEqual(idsIn(todoSchema.array().parse(raw.body.data), ids), []);
      });

      it('hides inactive todos and fills replacement', async () => {
        const hidden = await addTodo(database.db, {
          contact_id: fixture.active.REC,
          task_id: fixture.tasks.call,
          owner_id: fixture.users.REC,
          deadline: '2026-03-12',
          is_active: false,
        });
        assert.ok(!(await todosOf('REC')).some((todo) => todo.id === hidden));
      });

      it('refuses bad query values with dataInvalid per field', async () => {
        const answer = await call(app, 'GET', '/todos?onlyPending=yes&start=abc', { token: tokens.COM });
        assert.equal(answer.status, 422);
        assert.deepEqual(answer.body.errors.map((error) => error.field).sort(), ['onlyPending', 'start']);
        const reversed = await call(app, 'GET', '/todos', {
          token: tokens.COM,
          query: { start: 1_800_000_000, end: 1_700_000_000 },
        });
        assert.deepEqual(reversed.body.errors, [{ message: 'dataInvalid', field: 'end' }]);
      });

      it('needs a valid token', async () => {
        assert.equal((await call(app, 'GET', '/todos')).status, 401);
      });
    });

    describe('GET /todo/{id}', () => {
      const read = (trigram: string, id: number | string) =>
        call<Todo>(app, 'GET', `/todo/${id}`, { token: tokens[trigram] });

      it('gives one todo to whoever GET /todos shows it to, accomplished ones included', async () => {
        const own = await read('COM', fixture.pending.COM);
        assert.equal(own.status, 200);
        assert.deepEqual(
          todoSchema.parse(own.body.data),
          (await todosOf('COM')).find((todo) => todo.id === fixture.pending.COM),
        );
        assert.equal((await read('COM', fixture.accomplished.COM)).body.data?.isAccomplished, true);
        // A leader reads the todos of the users they lead; an admin reads all.
        assert.equal((await read('DIR', fixture.pending.COM)).body.data?.id, fixture.pending.COM);
        assert.equal((await read('ADM', fixture.pending.COB)).body.data?.id, fixture.pending.COB);
      });

      it('refuses another user’s todo, an inactive or unknown one and a bad id', async () => {
        const other = await read('COM', fixture.pending.REC);
        assert.deepEqual([other.status, other.body.errors], [403, [{ message: 'forbidden' }]]);
        assert.equal((await read('DIB', fixture.pending.COM)).status, 403);
        const hidden = await addTodo(database.db, {
          contact_id: fixture.active.COM,
          task_id: fixture.tasks.call,
          owner_id: fixture.users.COM,
          deadline: '2026-03-12',
          is_active: false,
        });
        const inactive = await read('COM', hidden);
        assert.deepEqual([inactive.status, inactive.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
        assert.equal((await read('COM', 99_999_999)).status, 404);
        const bad = await read('COM', 'abc');
        assert.equal(bad.status, 422);
        assert.equal((await call(app, 'GET', `/todo/${fixture.pending.COM}`)).status, 401);
      });
    });

    describe('POST /todo/{id}/store', () => {
      const newTodo = (owner: string, deadline = '2026-04-01') =>
        addTodo(database.db, {
          contact_id: fixture.active[owner],
          task_id: fixture.tasks.call,
          owner_id: fixture.users[owner],
          deadline,
          notes: 'avant',
        });

      it('updates deadline, notes and comment from multipart fields ("0" keeps it pending) and records history', async () => {
        const id = await newTodo('COM');
        const answer = await call<Todo>(app, 'POST', `/todo/${id}/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-04-15', notes: 'après', isAccomplished: '0', comment: 'RAS' },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const todo = todoSchema.parse(answer.body.data);
        assert.deepEqual(
          [todo.deadline, todo.notes, todo.comment, todo.isAccomplished, todo.executionDate, todo.replacement],
          ['2026-04-15', 'après', 'RAS', false, null, null],
        );
        const history = await database.db
          .selectFrom('history')
          .selectAll()
          .where('entity', '=', 'todo')
          .where('entity_id', '=', id)
          .execute();
        assert.equal(history.length, 1);
        assert.equal(history[0].action, 'update');
        assert.equal(history[0].user_id, fixture.users.COM);
        assert.deepEqual(history[0].changes, {
          deadline: { from: '2026-04-01', to: '2026-04-15' },
          notes: { from: 'avant', to: 'après' },
          comment: { from: null, to: 'RAS' },
        });
      });

      it('isAccomplished=1 accomplishes without follow-up', async () => {
        const id = await newTodo('REC');
        const answer = await call<Todo>(app, 'POST', `/todo/${id}/store`, {
          token: tokens.REC,
          fields: { deadline: '2026-04-01', isAccomplished: true },
        });
        const todo = todoSchema.parse(answer.body.data);
        assert.equal(todo.isAccomplished, true);
        assert.ok(todo.executionDate !== null && Math.abs(Date.parse(todo.executionDate) - Date.now()) < 60_000);
        assert.equal(todo.replacementId, null);
        // The answer is the todo as stored, and its history entry tells the same execution date.
        const stored = await call<Todo[]>(app, 'GET', '/todos', { token: tokens.REC });
        assert.deepEqual(
          stored.body.data?.find((item) => item.id === id),
          todo,
        );
        const history = await database.db
          .selectFrom('history')
          .selectAll()
          .where('entity', '=', 'todo')
          .where('entity_id', '=', id)
          .execute();
        assert.deepEqual(
          history.map((entry) => [entry.action, entry.changes]),
          [
            [
              'accomplish',
              {
                notes: { from: 'avant', to: '' },
                isAccomplished: { from: false, to: true },
                executionDate: { from: null, to: todo.executionDate },
              },
            ],
          ],
        );
      });

      it('lets a leader edit the todos of the users they lead, an admin all, and forbids the rest', async () => {
        const cases: [string, string, number][] = [
          ['DIR', 'COM', 200],
          ['DIR', 'REC', 200],
          ['DIR', 'DIR', 200],
          ['DIR', 'COB', 403],
          ['DIR', 'ADM', 403],
          ['ADM', 'COB', 200],
          ['ADM', 'DIR', 200],
          ['COM', 'REC', 403],
          ['COM', 'DIR', 403],
          ['REC', 'COM', 403],
          ['REC', 'REC', 200],
          ['DIB', 'COB', 200],
          ['DIB', 'COM', 403],
        ];
        for (const [actor, owner, status] of cases) {
          const id = await newTodo(owner);
          const before = await snapshot(database.db);
          const answer = await call(app, 'POST', `/todo/${id}/store`, {
            token: tokens[actor],
            fields: { deadline: '2026-05-05', notes: actor },
          });
          assert.equal(answer.status, status, `${actor} editing ${owner}'s todo`);
          if (status === 403) {
            assert.deepEqual(answer.body.errors, [{ message: 'forbidden' }]);
            assert.equal(await snapshot(database.db), before);
          }
        }
      });

      it('refuses to edit an accomplished todo (notAllowed), an unknown one (modelNotFound) and bad input (dataInvalid), changing nothing', async () => {
        const before = await snapshot(database.db);
        const accomplished = await call(app, 'POST', `/todo/${fixture.accomplished.COM}/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-04-01' },
        });
        assert.deepEqual([accomplished.status, accomplished.body.errors], [403, [{ message: 'notAllowed' }]]);
        const unknown = await call(app, 'POST', '/todo/987654/store', {
          token: tokens.ADM,
          fields: { deadline: '2026-04-01' },
        });
        assert.deepEqual([unknown.status, unknown.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
        const badDate = await call(app, 'POST', `/todo/${fixture.pending.COM}/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-02-30', isAccomplished: 'maybe' },
        });
        assert.equal(badDate.status, 422);
        assert.deepEqual(badDate.body.errors.map((error) => error.field).sort(), ['deadline', 'isAccomplished']);
        const missing = await call(app, 'POST', `/todo/${fixture.pending.COM}/store`, {
          token: tokens.COM,
          fields: { notes: 'x' },
        });
        assert.deepEqual(missing.body.errors, [{ message: 'dataInvalid', field: 'deadline' }]);
        const badId = await call(app, 'POST', '/todo/abc/store', {
          token: tokens.COM,
          fields: { deadline: '2026-04-01' },
        });
        assert.deepEqual([badId.status, badId.body.errors], [422, [{ message: 'dataInvalid', field: 'id' }]]);
        const anonymous = await call(app, 'POST', `/todo/${fixture.pending.COM}/store`, {
          fields: { deadline: '2026-04-01' },
        });
        assert.equal(anonymous.status, 401);
        assert.equal(await snapshot(database.db), before);
      });

      it('saves of one todo racing on two instances each land on the todo as the one before left it: their history entries chain', async () => {
        const other = await createTestApp(database.openAnother());
        try {
          const id = await newTodo('COM');
          const save = (target: FastifyInstance, notes: string) =>
            call<Todo>(target, 'POST', `/todo/${id}/store`, {
              token: tokens.COM,
              fields: { deadline: '2026-04-01', notes },
            });
          const saves = ['un', 'deux', 'trois', 'quatre', 'cinq', 'six'];
          const answers = await Promise.all(saves.map((notes, i) => save(i % 2 === 0 ? app : other, notes)));
          assert.deepEqual(
            answers.map((answer) => answer.status),
            saves.map(() => 200),
          );
          const history = await database.db
            .selectFrom('history')
            .select('changes')
            .where('entity', '=', 'todo')
            .where('entity_id', '=', id)
            .orderBy('id')
            .execute();
          const notes = history.map((entry) => (entry.changes as { notes: { from: string; to: string } }).notes);
          assert.equal(notes.length, saves.length);
          assert.equal(notes[0].from, 'avant');
          for (let i = 1; i < notes.length; i += 1) assert.equal(notes[i].from, notes[i - 1].to);
          assert.deepEqual(notes.map((note) => note.to).sort(), [...saves].sort());
          const stored = await database.db
            .selectFrom('todo')
            .select('notes')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          assert.equal(stored.notes, notes[notes.length - 1].to);
        } finally {
          await other.close();
        }
      });

      it('of a save and an accomplishment racing, the save lands before it or is refused (notAllowed)', async () => {
        const other = await createTestApp(database.openAnother());
        try {
          for (let round = 0; round < 3; round += 1) {
            const id = await newTodo('COM');
            const [saved, accomplished] = await Promise.all([
              call<Todo>(app, 'POST', `/todo/${id}/store`, {
                token: tokens.COM,
                fields: { deadline: '2026-04-01', notes: `course ${round}` },
              }),
              call<Todo>(other, 'POST', `/todo/${id}/store`, {
                token: tokens.COM,
                fields: { deadline: '2026-04-01', notes: 'fait', isAccomplished: '1' },
              }),
            ]);
            assert.equal(accomplished.status, 200);
            const stored = await database.db
              .selectFrom('todo')
              .select(['notes', 'is_accomplished'])
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            assert.deepEqual(stored, { notes: 'fait', is_accomplished: true });
            if (saved.status !== 200) assert.deepEqual(saved.body.errors, [{ message: 'notAllowed' }]);
          }
        } finally {
          await other.close();
        }
      });
    });

    describe('POST /todo/{id}/task/{taskId}/store', () => {
      const newTodo = (owner: string) =>
        addTodo(database.db, {
          contact_id: fixture.active[owner],
          task_id: fixture.tasks.call,
          owner_id: fixture.users[owner],
          deadline: '2026-04-01',
        });

      it('accomplishes the todo and creates its follow-up, returned as replacement', async () => {
        const id = await newTodo('COM');
        const answer = await call<Todo>(app, 'POST', `/todo/${id}/task/${fixture.tasks.mail}/store`, {
          token: tokens.COM,
          fields: {
            deadline: '2026-04-02',
            notes: 'Fait',
            isAccomplished: 1,
            comment: 'OK',
            newDeadline: '2026-04-20',
            newNotes: 'Relancer',
          },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const todo = todoSchema.parse(answer.body.data);
        assert.equal(todo.isAccomplished, true);
        assert.equal(todo.deadline, '2026-04-02');
        assert.equal(todo.comment, 'OK');
        assert.ok(todo.replacement !== null);
        assert.equal(todo.replacementId, todo.replacement.id);
        assert.deepEqual(
          [
            todo.replacement.deadline,
            todo.replacement.notes,
            todo.replacement.task.id,
            todo.replacement.contact.id,
            todo.replacement.owner.id,
            todo.replacement.isAccomplished,
          ],
          ['2026-04-20', 'Relancer', fixture.tasks.mail, fixture.active.COM, fixture.users.COM, false],
        );
        // The calendar shows the follow-up among pending todos, and the accomplished one with its replacement.
        const listed = await todosOf('COM');
        assert.ok(listed.some((candidate) => candidate.id === todo.replacement?.id && !candidate.isAccomplished));
        assert.equal(listed.find((candidate) => candidate.id === id)?.replacement?.id, todo.replacement.id);
        const actions = await database.db
          .selectFrom('history')
          .select(['entity_id', 'action'])
          .where('entity', '=', 'todo')
          .where('entity_id', 'in', [id, todo.replacement.id])
          .orderBy('id')
          .execute();
        assert.deepEqual(actions, [
          { entity_id: id, action: 'accomplish' },
          { entity_id: todo.replacement.id, action: 'create' },
        ]);
      });

      it('lets a leader accomplish a team member’s todo (the follow-up stays the member’s) and forbids others', async () => {
        const id = await newTodo('REC');
        const answer = await call<Todo>(app, 'POST', `/todo/${id}/task/${fixture.tasks.call}/store`, {
          token: tokens.DIR,
          fields: { deadline: '2026-04-01', newDeadline: '2026-05-01' },
        });
        assert.equal(todoSchema.parse(answer.body.data).replacement?.owner.id, fixture.users.REC);
        const other = await newTodo('REC');
        const before = await snapshot(database.db);
        for (const trigram of ['COM', 'DIB', 'COB']) {
          const refused = await call(app, 'POST', `/todo/${other}/task/${fixture.tasks.call}/store`, {
            token: tokens[trigram],
            fields: { deadline: '2026-04-01', newDeadline: '2026-05-01' },
          });
          assert.deepEqual([refused.status, refused.body.errors], [403, [{ message: 'forbidden' }]]);
        }
        assert.equal(await snapshot(database.db), before);
        assert.equal(
          (
            await call(app, 'POST', `/todo/${other}/task/${fixture.tasks.call}/store`, {
              token: tokens.ADM,
              fields: { deadline: '2026-04-01', newDeadline: '2026-05-01' },
            })
          ).status,
          200,
        );
      });

      it('refuses unknown ids, an inactive task type, an accomplished todo and bad input, changing nothing', async () => {
        const id = await newTodo('COM');
        const before = await snapshot(database.db);
        const fields = { deadline: '2026-04-01', notes: '', newDeadline: '2026-05-01', newNotes: '' };
        const unknownTask = await call(app, 'POST', `/todo/${id}/task/999999/store`, { token: tokens.COM, fields });
        assert.deepEqual(
          [unknownTask.status, unknownTask.body.errors],
          [404, [{ message: 'modelNotFound', field: 'taskId' }]],
        );
        const unknownTodo = await call(app, 'POST', `/todo/999999/task/${fixture.tasks.call}/store`, {
          token: tokens.COM,
          fields,
        });
        assert.deepEqual(
          [unknownTodo.status, unknownTodo.body.errors],
          [404, [{ message: 'modelNotFound', field: 'id' }]],
        );
        const retired = await call(app, 'POST', `/todo/${id}/task/${fixture.tasks.retired}/store`, {
          token: tokens.COM,
          fields,
        });
        assert.deepEqual([retired.status, retired.body.errors], [422, [{ message: 'dataInvalid', field: 'taskId' }]]);
        const accomplished = await call(
          app,
          'POST',
          `/todo/${fixture.accomplished.COM}/task/${fixture.tasks.call}/store`,
          { token: tokens.COM, fields },
        );
        assert.deepEqual([accomplished.status, accomplished.body.errors], [403, [{ message: 'notAllowed' }]]);
        const noNewDeadline = await call(app, 'POST', `/todo/${id}/task/${fixture.tasks.call}/store`, {
          token: tokens.COM,
          fields: { deadline: '2026-04-01' },
        });
        assert.deepEqual(
          [noNewDeadline.status, noNewDeadline.body.errors],
          [422, [{ message: 'dataInvalid', field: 'newDeadline' }]],
        );
        assert.equal(await snapshot(database.db), before);
      });

      it('creates exactly one follow-up when two accomplish calls race', async () => {
        for (let round = 0; round < 3; round += 1) {
          const id = await newTodo('COM');
          const accomplish = (target: FastifyInstance, token: string) =>
            call(target, 'POST', `/todo/${id}/task/${fixture.tasks.mail}/store`, {
              token,
              fields: { deadline: '2026-04-01', newDeadline: '2026-06-01', newNotes: `round ${round}` },
            });
          const answers = await Promise.all([accomplish(app, tokens.COM), accomplish(app, tokens.DIR)]);
          assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 403]);
          assert.deepEqual(answers.find((answer) => answer.status === 403)?.body.errors, [{ message: 'notAllowed' }]);
          const followUps = await database.db
            .selectFrom('todo')
            .select('id')
            .where('notes', '=', `round ${round}`)
            .execute();
          assert.equal(followUps.length, 1);
          const original = await database.db
            .selectFrom('todo')
            .select('replacement_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          assert.equal(original.replacement_id, followUps[0].id);
        }
      });

      it('creates exactly one follow-up when two instances on one database race', async () => {
        const other = await createTestApp(database.openAnother());
        try {
          const id = await newTodo('REC');
          const accomplish = (target: FastifyInstance) =>
            call(target, 'POST', `/todo/${id}/task/${fixture.tasks.mail}/store`, {
              token: tokens.REC,
              fields: { deadline: '2026-04-01', newDeadline: '2026-06-01', newNotes: 'two instances' },
            });
          const answers = await Promise.all([accomplish(app), accomplish(other)]);
          assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 403]);
          const count = await sql<{
            count: number;
          }>`select count(*)::int as count from todo where notes = 'two instances'`.execute(database.db);
          assert.equal(count.rows[0].count, 1);
        } finally {
          await other.close();
        }
      });
    });
  });
}
