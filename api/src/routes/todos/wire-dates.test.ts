import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { todoSchema, type Todo } from '@bo/contracts/all';
import { addTodo, openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, testEngines } from '../../test/harness';

// Unix seconds of an instant given in ISO 8601.
const seconds = (iso: string) => String(Date.parse(iso) / 1000);

// Every date parameter takes Unix seconds (the day that instant falls on in Paris) and yyyy-MM-dd alike.
for (const engine of testEngines()) {
  describe(`date parameters on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    const freshTodo = () =>
      addTodo(suite.database.db, {
        contact_id: suite.fixture.active.COM,
        task_id: suite.fixture.tasks.call,
        owner_id: suite.fixture.users.COM,
        deadline: '2026-06-01',
      });

    it('POST /todo/{id}/store: deadline', async () => {
      for (const [deadline, expected] of [
        // 23:30 UTC on 1 July is 01:30 on 2 July in Paris.
        [seconds('2026-07-01T23:30:00Z'), '2026-07-02'],
        ['2026-07-03', '2026-07-03'],
        ['1796000000', '2026-11-30'],
      ]) {
        const answer = await call<Todo>(suite.app, 'POST', `/todo/${await freshTodo()}/store`, {
          token: suite.tokens.COM,
          fields: { deadline },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(todoSchema.parse(answer.body.data).deadline, expected);
      }
    });

    it('POST /todo/{id}/task/{taskId}/store: deadline and newDeadline', async () => {
      for (const [deadline, newDeadline, expected, expectedNew] of [
        [seconds('2026-07-01T10:00:00Z'), '2026-07-10', '2026-07-01', '2026-07-10'],
        ['2026-07-01', seconds('2026-07-10T22:30:00Z'), '2026-07-01', '2026-07-11'],
      ]) {
        const id = await freshTodo();
        const answer = await call<Todo>(suite.app, 'POST', `/todo/${id}/task/${suite.fixture.tasks.mail}/store`, {
          token: suite.tokens.COM,
          fields: { deadline, newDeadline },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const todo = todoSchema.parse(answer.body.data);
        assert.equal(todo.deadline, expected);
        assert.equal(todo.replacement?.deadline, expectedNew);
      }
    });

    it('POST /contact/{contactId}/task/{taskId}/todo/store: deadline', async () => {
      const answer = await call<Todo>(
        suite.app,
        'POST',
        `/contact/${suite.fixture.standby.COM}/task/${suite.fixture.tasks.call}/todo/store`,
        {
          token: suite.tokens.COM,
          fields: { deadline: seconds('2026-08-14T22:00:00Z') },
        },
      );
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(todoSchema.parse(answer.body.data).deadline, '2026-08-15');
      const iso = await call<Todo>(
        suite.app,
        'POST',
        `/contact/${suite.fixture.standby.DIR}/task/${suite.fixture.tasks.call}/todo/store`,
        {
          token: suite.tokens.DIR,
          fields: { deadline: '2026-08-16' },
        },
      );
      assert.equal(todoSchema.parse(iso.body.data).deadline, '2026-08-16');
    });

    it('GET /todos: start and end', async () => {
      const ids = async (query: Record<string, string>) => {
        const answer = await call<Todo[]>(suite.app, 'GET', `/todos?${new URLSearchParams(query).toString()}`, {
          token: suite.tokens.REC,
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return todoSchema
          .array()
          .parse(answer.body.data)
          .map((todo) => todo.id)
          .sort((a, b) => a - b);
      };
      const pending = [suite.fixture.pending.REC];
      assert.deepEqual(await ids({ start: '2026-03-10', end: '2026-03-10' }), pending);
      assert.deepEqual(
        await ids({ start: seconds('2026-03-09T23:00:00Z'), end: seconds('2026-03-10T12:00:00Z') }),
        pending,
      );
      assert.deepEqual(await ids({ start: '2026-03-10', end: seconds('2026-03-10T22:59:59Z') }), pending);
      assert.deepEqual(await ids({ start: '2026-03-11' }), []);
      // Refused either way when the date is no date.
      for (const bad of ['2026-02-30', '10/03/2026', '1796000000.5']) {
        const answer = await call(suite.app, 'GET', `/todos?start=${bad}`, { token: suite.tokens.REC });
        assert.equal(answer.status, 422);
        assert.deepEqual(answer.body.errors, [{ message: 'dataInvalid', field: 'start' }]);
      }
    });
  });
}
