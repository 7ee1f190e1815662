import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  type HistoryEntry,
  type ListedEndpoint,
  type ListPage,
  type Phrase,
  type Task,
  type TaskType,
} from '@bo/contracts/all';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines } from '../../test/harness';

const style = JSON.stringify({ backgroundColor: '#0f766e', borderColor: '#115e59', color: '#ffffff' });

describe('the admin calls in the endpoint table', () => {
  it('all need administration:manage, the admin role alone', () => {
    const admin = (Object.values(endpoints) as ListedEndpoint[]).filter((endpoint) =>
      endpoint.path.startsWith('/admin/'),
    );
    assert.ok(admin.length >= 6);
    for (const endpoint of admin)
      assert.deepEqual(endpoint.access, { resource: 'administration', action: 'manage' }, endpoint.path);
  });
});

for (const engine of testEngines()) {
  describe(`task types and phrases on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('creates a task type offered for new todos, in the admin’s order', async () => {
      const created = await call<TaskType>(suite.app, 'POST', '/admin/task/store', {
        token: suite.tokens.ADM,
        fields: { description: 'Visite client', style, order: 3 },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual([created.body.data?.style.backgroundColor, created.body.data?.isActive], ['#0f766e', true]);
      const offered = await call<Task[]>(suite.app, 'GET', '/tasks', { token: suite.tokens.COM });
      assert.equal(offered.body.data?.at(-1)?.description, 'Visite client');
      const all = await call<TaskType[]>(suite.app, 'GET', '/admin/tasks', { token: suite.tokens.ADM });
      const orders = all.body.data!.map((task) => task.order);
      assert.deepEqual(
        orders,
        [...orders].sort((a, b) => a - b),
      );
    });

    it('refuses a description already used (case ignored), a bad colour, and changes nothing', async () => {
      const before = await snapshot(suite.database.db);
      const same = await call(suite.app, 'POST', '/admin/task/store', {
        token: suite.tokens.ADM,
        fields: { description: 'VISITE client', style },
      });
      assert.deepEqual([same.status, same.body.errors], [409, [{ message: 'existingTitle', field: 'description' }]]);
      const colour = await call(suite.app, 'POST', '/admin/task/store', {
        token: suite.tokens.ADM,
        fields: {
          description: 'Autre',
          style: JSON.stringify({ backgroundColor: '#FFF', borderColor: '#000000', color: '#000000' }),
        },
      });
      assert.equal(colour.status, 422);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('refuses a type whose text does not read on its background (lowContrast under the text colour), and changes nothing', async () => {
      const before = await snapshot(suite.database.db);
      const unreadable = (colours: Record<string, string>) =>
        JSON.stringify({ backgroundColor: '#0f766e', borderColor: '#115e59', ...colours });
      const created = await call(suite.app, 'POST', '/admin/task/store', {
        token: suite.tokens.ADM,
        fields: { description: 'Invisible', style: unreadable({ color: '#0f766e' }) },
      });
      assert.deepEqual(
        [created.status, created.body.errors],
        [422, [{ message: 'lowContrast', field: 'style.color' }]],
      );
      // 4.47:1, just under the 4.5 the rule asks.
      const grey = JSON.stringify({ backgroundColor: '#777777', borderColor: '#555555', color: '#ffffff' });
      const changed = await call(suite.app, 'POST', `/admin/task/${suite.fixture.tasks.mail}/store`, {
        token: suite.tokens.ADM,
        fields: { description: 'Relance email', style: grey },
      });
      assert.deepEqual(
        [changed.status, changed.body.errors],
        [422, [{ message: 'lowContrast', field: 'style.color' }]],
      );
      assert.equal(await snapshot(suite.database.db), before);
      const offered = await call<Task[]>(suite.app, 'GET', '/tasks', { token: suite.tokens.COM });
      assert.ok(!offered.body.data!.some((task) => task.description === 'Invisible'));
    });

    it('takes a task type’s and a needs status’s colours in either case, and keeps them in lower case', async () => {
      const upper = JSON.stringify({ backgroundColor: '#1E3A8A', borderColor: '#1D4ED8', color: '#FFFFFF' });
      const type = await call<TaskType>(suite.app, 'POST', '/admin/task/store', {
        token: suite.tokens.ADM,
        fields: { description: 'Majuscules', style: upper },
      });
      assert.equal(type.status, 200, JSON.stringify(type.body));
      assert.deepEqual(type.body.data?.style, { backgroundColor: '#1e3a8a', borderColor: '#1d4ed8', color: '#ffffff' });
      const status = await call<{ color: string }>(suite.app, 'POST', '/admin/need-status/store', {
        token: suite.tokens.ADM,
        fields: { label: 'Majuscules', color: '#2563EB' },
      });
      assert.equal(status.status, 200, JSON.stringify(status.body));
      assert.equal(status.body.data?.color, '#2563eb');
    });

    it('deactivates a type in use: no longer offered, still on its todos', async () => {
      const { call: callTask } = suite.fixture.tasks;
      const answer = await call<TaskType>(suite.app, 'POST', `/admin/task/${callTask}/store`, {
        token: suite.tokens.ADM,
        fields: { description: 'Appel de suivi', style, isActive: false, order: 5 },
      });
      assert.equal(answer.body.data?.isActive, false);
      const offered = await call<Task[]>(suite.app, 'GET', '/tasks', { token: suite.tokens.COM });
      assert.ok(!offered.body.data!.some((task) => task.id === callTask));
      const all = await call<TaskType[]>(suite.app, 'GET', '/admin/tasks', { token: suite.tokens.ADM });
      assert.ok(all.body.data!.some((task) => task.id === callTask && !task.isActive));
      const todos = await call<{ task: Task }[]>(suite.app, 'GET', '/todos', { token: suite.tokens.COM });
      assert.ok(todos.body.data!.some((todo) => todo.task.id === callTask));
      const history = await suite.database.db
        .selectFrom('history')
        .select(['action', 'user_id'])
        .where('entity', '=', 'task')
        .where('entity_id', '=', callTask)
        .execute();
      assert.deepEqual(history, [{ action: 'update', user_id: suite.fixture.users.ADM }]);
    });

    it('puts the task types in a new order, in the history, and refuses an unknown or repeated id', async () => {
      const { call: callTask, mail, retired } = suite.fixture.tasks;
      const answer = await call<TaskType[]>(suite.app, 'POST', '/admin/tasks/order', {
        token: suite.tokens.ADM,
        fields: { ids: [mail, retired, callTask] },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const ids = answer.body.data!.map((task) => task.id);
      assert.deepEqual(ids.slice(0, 3), [mail, retired, callTask]);
      assert.deepEqual(
        answer.body.data!.slice(0, 3).map((task) => task.order),
        [1, 2, 3],
      );
      const offered = await call<Task[]>(suite.app, 'GET', '/tasks', { token: suite.tokens.REC });
      // The new first is offered first; the inactive one is not offered at all.
      assert.equal(offered.body.data![0].id, mail);
      assert.ok(!offered.body.data!.some((task) => task.id === retired));
      const moved = await suite.database.db
        .selectFrom('history')
        .select(['entity_id', 'user_id'])
        .where('entity', '=', 'task')
        .where('entity_id', '=', mail)
        .execute();
      assert.ok(moved.some((entry) => entry.user_id === suite.fixture.users.ADM));

      const before = await snapshot(suite.database.db);
      const unknown = await call(suite.app, 'POST', '/admin/tasks/order', {
        token: suite.tokens.ADM,
        fields: { ids: [mail, 999999] },
      });
      assert.deepEqual([unknown.status, unknown.body.errors], [404, [{ message: 'modelNotFound', field: 'ids' }]]);
      const twice = await call(suite.app, 'POST', '/admin/tasks/order', {
        token: suite.tokens.ADM,
        fields: { ids: [mail, mail] },
      });
      assert.equal(twice.status, 422);
      const refused = await call(suite.app, 'POST', '/admin/tasks/order', {
        token: suite.tokens.DIR,
        fields: { ids: [callTask] },
      });
      assert.deepEqual([refused.status, refused.body.errors[0]?.message], [403, 'forbidden']);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('keeps phrases by category; the picker gets the active ones; a phrase twice is existingValue', async () => {
      const add = (fields: Record<string, unknown>) =>
        call<Phrase>(suite.app, 'POST', '/admin/phrase/store', { token: suite.tokens.ADM, fields });
      await add({ category: 'Relance', text: 'Relancer dans une semaine', order: 2 });
      await add({ category: 'Relance', text: 'Attente du devis', order: 1 });
      const retired = (await add({ category: 'Accueil', text: 'Premier contact établi' })).body.data!;
      const again = await add({ category: 'relance', text: 'ATTENTE du devis' });
      assert.deepEqual([again.status, again.body.errors], [409, [{ message: 'existingValue', field: 'text' }]]);
      await call(suite.app, 'POST', `/admin/phrase/${retired.id}/store`, {
        token: suite.tokens.ADM,
        fields: { category: 'Accueil', text: 'Premier contact établi', isActive: false },
      });
      const picker = await call<Phrase[]>(suite.app, 'GET', '/phrases', { token: suite.tokens.REC });
      assert.deepEqual(
        picker.body.data?.map((phrase) => phrase.text),
        ['Attente du devis', 'Relancer dans une semaine'],
      );
      const admin = await call<Phrase[]>(suite.app, 'GET', '/admin/phrases', { token: suite.tokens.ADM });
      assert.equal(admin.body.data?.length, 3);
    });

    it('reads a type’s and a phrase’s history: who did what, newest first, a page at a time', async () => {
      const story = (path: string, query: Record<string, unknown> = {}) =>
        call<ListPage<HistoryEntry>>(suite.app, 'GET', path, { token: suite.tokens.ADM, query });
      const { call: callTask } = suite.fixture.tasks;
      const type = (await story(`/admin/task/${callTask}/history`)).body.data!;
      assert.ok(type.total >= 2, 'deactivated, then put in a new order');
      assert.deepEqual(type.items[type.items.length - 1].changes.isActive, { from: true, to: false });
      assert.ok(
        type.items.every(
          (entry) => entry.user?.trigram === 'ADM' && entry.entity === 'task' && entry.label === 'Appel de suivi',
        ),
      );
      const firstPage = (await story(`/admin/task/${callTask}/history`, { perPage: 1 })).body.data!;
      assert.deepEqual(
        [firstPage.items.length, firstPage.total, firstPage.items[0].id],
        [1, type.total, type.items[0].id],
      );

      const phrases = (await call<Phrase[]>(suite.app, 'GET', '/admin/phrases', { token: suite.tokens.ADM })).body
        .data!;
      const retired = phrases.find((phrase) => phrase.category === 'Accueil')!;
      const phrase = (await story(`/admin/phrase/${retired.id}/history`)).body.data!;
      assert.deepEqual(
        phrase.items.map((entry) => [entry.action, entry.user?.trigram, entry.label]),
        [
          ['update', 'ADM', 'Accueil'],
          ['create', 'ADM', 'Accueil'],
        ],
      );
      assert.deepEqual(phrase.items[0].changes.isActive, { from: true, to: false });
    });

    it('answers modelNotFound for a type or a phrase that does not exist', async () => {
      for (const path of ['/admin/task/999999/store', '/admin/phrase/999999/store']) {
        const answer = await call(suite.app, 'POST', path, {
          token: suite.tokens.ADM,
          fields: { description: 'X', style, category: 'X', text: 'Y' },
        });
        assert.deepEqual([answer.status, answer.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]], path);
      }
      for (const path of ['/admin/task/999999/history', '/admin/phrase/999999/history']) {
        const answer = await call(suite.app, 'GET', path, { token: suite.tokens.ADM });
        assert.deepEqual([answer.status, answer.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]], path);
      }
    });
  });
}
