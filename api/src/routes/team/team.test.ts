import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDays, toBusinessIsoDate, type TeamMember, type UserBrief } from '@bo/contracts/all';
import { endOfWeek } from '../../repositories/team';
import { addTodo, openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, testEngines } from '../../test/harness';

describe('endOfWeek', () => {
  it('gives the Sunday of the week, a Sunday being its own', () => {
    assert.deepEqual(['2026-11-23', '2026-11-27', '2026-11-29'].map(endOfWeek), [
      '2026-11-29',
      '2026-11-29',
      '2026-11-29',
    ]);
  });
});

for (const engine of testEngines()) {
  describe(`team on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('lists the active members a leader leads, with their figures of the day', async () => {
      const today = toBusinessIsoDate(new Date());
      const { users, tasks, active } = suite.fixture;
      await addTodo(suite.database.db, {
        contact_id: active.COM,
        task_id: tasks.call,
        owner_id: users.COM,
        deadline: today,
      });
      const answer = await call<TeamMember[]>(suite.app, 'GET', '/team', { token: suite.tokens.DIR });
      assert.equal(answer.status, 200);
      // DIR leads COM, REC and OFF; OFF is inactive.
      assert.deepEqual(
        answer.body.data?.map((m) => m.trigram),
        ['COM', 'REC'],
      );
      const com = answer.body.data![0];
      assert.deepEqual([com.todosToday, com.todosLate, com.standbyContacts, com.contacts], [1, 1, 1, 2]);
      const laterThisWeek = addDays(today, 1) <= endOfWeek(today) ? 1 : 0;
      if (laterThisWeek === 1)
        await addTodo(suite.database.db, {
          contact_id: active.COM,
          task_id: tasks.call,
          owner_id: users.COM,
          deadline: addDays(today, 1),
        });
      const again = await call<TeamMember[]>(suite.app, 'GET', '/team', { token: suite.tokens.DIR });
      assert.equal(again.body.data![0].todosThisWeek, laterThisWeek);
    });

    it('is the businessLeader’s alone: forbidden to the others, the admin included', async () => {
      for (const trigram of ['ADM', 'COM', 'REC']) {
        const answer = await call(suite.app, 'GET', '/team', { token: suite.tokens[trigram] });
        assert.deepEqual([answer.status, answer.body.errors], [403, [{ message: 'forbidden' }]], trigram);
      }
    });

    it('lists every user for the owner pickers, active ones first', async () => {
      const answer = await call<UserBrief[]>(suite.app, 'GET', '/users', { token: suite.tokens.REC });
      const trigrams = answer.body.data!.map((u) => u.trigram);
      assert.equal(trigrams.at(-1), 'OFF');
      assert.deepEqual(trigrams.slice(0, -1), [...trigrams.slice(0, -1)].sort());
    });
  });
}
