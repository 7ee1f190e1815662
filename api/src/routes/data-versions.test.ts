import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, type Todo } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addTodo, openSeededSuite, type SeededSuite } from '../test/fixtures';
import { call, createTestApp, testEngines } from '../test/harness';

// How kept answers learn about writes (the data change log of migration 0005): per owner for todos, without a
// row every writer locks, exact whatever the order in which transactions commit.
for (const engine of testEngines()) {
  describe(`data versions on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    const todos = async (target: FastifyInstance, trigram: string) => {
      const answer = await call<Todo[]>(target, 'GET', '/todos', { token: suite.tokens[trigram] });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return { cache: answer.headers['x-cache'], data: endpoints.todos.response.parse(answer.body.data) };
    };
    const standbyCache = async (trigram: string) =>
      (await call(suite.app, 'GET', '/user/contacts/standby', { token: suite.tokens[trigram] })).headers['x-cache'];
    const store = async (target: FastifyInstance, trigram: string, id: number, notes: string) => {
      const answer = await call(target, 'POST', `/todo/${id}/store`, {
        token: suite.tokens[trigram],
        fields: { deadline: '2026-03-20', notes },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    };

    it('keeps the lists a todo change does not touch: other owners, other teams, the standby lists', async () => {
      for (const trigram of ['COM', 'REC', 'DIR', 'DIB', 'ADM']) await todos(suite.app, trigram);
      await standbyCache('COM');
      await store(suite.app, 'COM', suite.fixture.pending.COM, 'Changé par COM');
      const after = Object.fromEntries(
        await Promise.all(['COM', 'REC', 'DIR', 'DIB', 'ADM'].map(async (t) => [t, (await todos(suite.app, t)).cache])),
      );
      // COM's own list, their leader's and the admin's change; REC (same team, own list) and the other team keep theirs.
      assert.deepEqual(after, { COM: 'miss', REC: 'hit', DIR: 'miss', DIB: 'hit', ADM: 'miss' });
      assert.equal(await standbyCache('COM'), 'hit');
    });

    it('keeps every version when the log is folded', async () => {
      await store(suite.app, 'REC', suite.fixture.pending.REC, 'Avant le pliage');
      await todos(suite.app, 'REC');
      const rowsBefore = await suite.database.db
        .selectFrom('data_change')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      assert.ok((await suite.app.repos.dataChanges.fold(0)) > 0, 'rows folded');
      await suite.app.repos.dataChanges.vacuum();
      const rowsAfter = await suite.database.db
        .selectFrom('data_change')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      assert.ok(rowsAfter.n < rowsBefore.n, `${rowsBefore.n} -> ${rowsAfter.n} rows`);
      // The deleted rows are vacuumed away: the version sums of every request no longer scan them.
      const vacuumed = await sql<{
        at: Date | null;
      }>`select last_vacuum as at from pg_stat_user_tables where relname = 'data_change'`.execute(suite.database.db);
      assert.ok(vacuumed.rows[0]?.at instanceof Date, 'the log was vacuumed');
      assert.equal((await todos(suite.app, 'REC')).cache, 'hit');
      await store(suite.app, 'REC', suite.fixture.pending.REC, 'Après le pliage');
      const changed = await todos(suite.app, 'REC');
      assert.equal(changed.cache, 'miss');
      assert.equal(changed.data.find((todo) => todo.id === suite.fixture.pending.REC)?.notes, 'Après le pliage');
    });

    it(
      'lets another instance write while a transaction stays open on a stalled one',
      { skip: engine === 'pglite' ? 'one connection' : false },
      async () => {
        const stalledDb = suite.database.openAnother();
        const other = await createTestApp(suite.database.openAnother());
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let wrote!: () => void;
        const written = new Promise<void>((resolve) => {
          wrote = resolve;
        });
        // The stalled instance: it wrote a todo, a contact and a task type, and holds its transaction open.
        const stalled = stalledDb.transaction().execute(async (trx) => {
          await trx
            .updateTable('todo')
            .set({ notes: 'instance figée' })
            .where('id', '=', suite.fixture.pending.DIB)
            .execute();
          await trx
            .updateTable('contact')
            .set({ job_title: 'figé' })
            .where('id', '=', suite.fixture.active.DIB)
            .execute();
          await trx
            .updateTable('task')
            .set({ description: 'Appel de suivi' })
            .where('id', '=', suite.fixture.tasks.call)
            .execute();
          wrote();
          await released;
        });
        try {
          await written;
          const started = performance.now();
          await store(other, 'COB', suite.fixture.pending.COB, 'Pendant le gel');
          const added = await call(
            other,
            'POST',
            `/contact/${suite.fixture.standby.COB}/task/${suite.fixture.tasks.mail}/todo/store`,
            {
              token: suite.tokens.COB,
              fields: { deadline: '2026-04-01' },
            },
          );
          assert.equal(added.status, 200, JSON.stringify(added.body));
          const ms = performance.now() - started;
          assert.ok(ms < 1_500, `the writes took ${Math.round(ms)} ms`);
          // Both see the committed change at once; the open transaction's stays invisible until it commits.
          const seen = (await todos(suite.app, 'DIB')).data;
          assert.equal(seen.find((todo) => todo.id === suite.fixture.pending.COB)?.notes, 'Pendant le gel');
          assert.notEqual(seen.find((todo) => todo.id === suite.fixture.pending.DIB)?.notes, 'instance figée');
          release();
          await stalled;
          // Committed after the list was kept: the next answer shows it.
          const afterCommit = await todos(suite.app, 'DIB');
          assert.equal(afterCommit.cache, 'miss');
          assert.equal(afterCommit.data.find((todo) => todo.id === suite.fixture.pending.DIB)?.notes, 'instance figée');
        } finally {
          release();
          await stalled.catch(() => undefined);
          await other.close();
        }
      },
    );

    it(
      'never keeps an answer built before a write that commits later, whatever the commit order',
      { skip: engine === 'pglite' ? 'one connection' : false },
      async () => {
        const writerDb = suite.database.openAnother();
        await todos(suite.app, 'COB');
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let inserted!: () => void;
        const insertedSignal = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        let newId = 0;
        // A slow writer inserts a todo for COB; a fast one changes another of COB's todos and commits first.
        const slow = writerDb.transaction().execute(async (trx) => {
          newId = await addTodo(trx, {
            contact_id: suite.fixture.active.COB,
            task_id: suite.fixture.tasks.call,
            owner_id: suite.fixture.users.COB,
            deadline: '2026-03-21',
          });
          inserted();
          await released;
        });
        await insertedSignal;
        await store(suite.app, 'COB', suite.fixture.pending.COB, 'Écrit pendant l’autre');
        const during = await todos(suite.app, 'COB');
        assert.equal(
          during.data.some((todo) => todo.id === newId),
          false,
        );
        release();
        await slow;
        const after = await todos(suite.app, 'COB');
        assert.equal(after.cache, 'miss');
        assert.equal(
          after.data.some((todo) => todo.id === newId),
          true,
        );
      },
    );
  });
}
