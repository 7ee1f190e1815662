import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationText,
  toBusinessIsoDate,
  addDays,
  type Envelope,
  type NeedsSheet,
  type NeedsSheetStatus,
  type NotificationPage,
  type NotificationPreferences,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import { openSeededSuite, sheetFields, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines } from '../../test/harness';

// Who is told what (docs/notifications.md): written by the database from the history of each write, so that a form,
// a selection, an import and a status change are told alike, to the people concerned only, never to the one who did
// it.
for (const engine of testEngines()) {
  describe(`notifications on ${engine}`, () => {
    let suite: SeededSuite;
    let statuses: NeedsSheetStatus[];

    const bell = async (trigram: string) => {
      const answer = await call<NotificationPage>(suite.app, 'GET', '/notifications', {
        token: suite.tokens[trigram],
        query: { perPage: 100 },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data!;
    };
    const texts = async (trigram: string) => (await bell(trigram)).items.map(notificationText);
    const sheet = async (trigram: string, overrides: Record<string, unknown> = {}) => {
      const answer = await call<NeedsSheet>(suite.app, 'POST', '/need/store', {
        token: suite.tokens[trigram],
        fields: sheetFields(suite.fixture, { place: 'Lyon', ...overrides }),
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data!;
    };

    before(async () => {
      suite = await openSeededSuite(engine);
      statuses = [];
      for (const [label, order] of [
        ['Nouveau', 0],
        ['Candidats présentés', 10],
      ] as const) {
        const answer = await call<NeedsSheetStatus>(suite.app, 'POST', '/admin/need-status/store', {
          token: suite.tokens.ADM,
          fields: { label, color: '#2563eb', closes: false, order },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        statuses.push(answer.body.data!);
      }
    });
    after(() => suite.close());
    beforeEach(async () => {
      await sql`delete from notification`.execute(suite.database.db);
      await sql`update app_user set notification_preferences = '{}'`.execute(suite.database.db);
    });

    it('tells a recruiter the sheet given to them, and its owner and recruiters its new status, never the one who acted', async () => {
      const created = await sheet('COM');
      assert.deepEqual(await texts('REC'), [
        `Prénom COM Nom COM vous a attribué la fiche ${created.reference} — Développeur Java`,
      ]);
      assert.deepEqual(await texts('COM'), [], 'the owner made it');
      const moved = await call(suite.app, 'POST', `/need/${created.id}/status`, {
        token: suite.tokens.REC,
        fields: { statusId: statuses[1].id, version: created.version },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual(await texts('COM'), [
        `Prénom REC Nom REC a passé la fiche ${created.reference} — Développeur Java au statut « Candidats présentés »`,
      ]);
      assert.equal((await bell('REC')).items.length, 1, 'REC moved it: told nothing more');
      for (const trigram of ['DIR', 'DIB', 'COB', 'ADM']) assert.deepEqual(await texts(trigram), [], trigram);
      const page = await bell('COM');
      assert.deepEqual(page.items[0].record, {
        type: 'needsSheet',
        id: created.id,
        label: `${created.reference} — Développeur Java`,
      });
    });

    it('tells a contact’s new owner, as one notification for a selection, through the form, the selection and an import', async () => {
      const { active, standby, users } = suite.fixture;
      const selection = await call(suite.app, 'POST', '/contacts/owner', {
        token: suite.tokens.DIR,
        fields: { ids: [standby.COM, active.COM], ownerId: users.REC },
      });
      assert.equal(selection.status, 200, JSON.stringify(selection.body));
      assert.deepEqual(await texts('REC'), ['Prénom DIR Nom DIR vous a attribué 2 contacts']);
      assert.equal((await bell('REC')).items[0].record, null);
      assert.deepEqual(await texts('COM'), [], 'the former owner is not told');

      const read = await call<{ version: number; firstName: string; lastName: string }>(
        suite.app,
        'GET',
        `/contact/${active.COM}`,
        { token: suite.tokens.DIR },
      );
      const contact = read.body.data!;
      const form = await call(suite.app, 'POST', `/contact/${active.COM}/store`, {
        token: suite.tokens.DIR,
        fields: { ...read.body.data, ownerId: users.COM, companyId: suite.fixture.company },
      });
      assert.equal(form.status, 200, JSON.stringify(form.body));
      assert.deepEqual(await texts('COM'), [
        `Prénom DIR Nom DIR vous a attribué le contact ${contact.firstName} ${contact.lastName}`,
      ]);

      await suite.database.db
        .updateTable('contact')
        .set({ email: 'paul.dib@example.fr' })
        .where('id', '=', suite.fixture.active.DIB)
        .execute();
      const file = [
        'Civilité;Prénom;Nom;Fonction;E-mail;Téléphone;Propriétaire',
        'M.;Paul;Durand DIB;;paul.dib@example.fr;;COB',
      ];
      const form2 = new FormData();
      form2.append('file', new Blob([`${file.join('\r\n')}\r\n`], { type: 'text/csv' }), 'import.csv');
      form2.append('onExisting', 'update');
      const request = new Request('http://localhost/', { method: 'POST', body: form2 });
      const imported = await suite.app.inject({
        method: 'POST',
        url: '/import/contacts',
        headers: {
          accept: 'application/json',
          authorization: suite.tokens.DIR,
          'content-type': request.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      assert.equal(imported.statusCode, 200, imported.body);
      assert.equal(imported.json<Envelope<{ updated: number }>>().data?.updated, 1);
      assert.deepEqual(await texts('COB'), ['Prénom DIR Nom DIR vous a attribué le contact Paul Durand DIB']);
    });

    it('tells a contact’s owner of a colleague’s todo on it, unless they turned it off', async () => {
      const { active, tasks } = suite.fixture;
      const add = (trigram: string) =>
        call(suite.app, 'POST', `/contact/${active.COM}/task/${tasks.call}/todo/store`, {
          token: suite.tokens[trigram],
          fields: { deadline: '2026-12-20', notes: '' },
        });
      assert.equal((await add('COM')).status, 200);
      assert.deepEqual(await texts('COM'), [], 'their own todo');
      assert.equal((await add('DIR')).status, 200);
      const [told] = (await texts('COM')).slice(0, 1);
      assert.match(told, /^Prénom DIR Nom DIR a créé une tâche « Appel de suivi » pour votre contact /);

      const off: NotificationPreferences = {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        kinds: { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds, todoForMyContact: false },
      };
      const saved = await call(suite.app, 'PUT', '/user/notification-preferences', {
        token: suite.tokens.COM,
        json: off,
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal((await add('DIR')).status, 200);
      assert.equal((await bell('COM')).items.length, 1, 'turned off: not told again');
      const stored = await call<NotificationPreferences>(suite.app, 'GET', '/user/notification-preferences', {
        token: suite.tokens.COM,
      });
      assert.deepEqual(stored.body.data, off);
    });

    it('refuses bad preferences with nothing changed', async () => {
      const before = await snapshot(suite.database.db);
      for (const json of [
        { ...DEFAULT_NOTIFICATION_PREFERENCES, digestHour: 24 },
        { ...DEFAULT_NOTIFICATION_PREFERENCES, kinds: { todosDue: 'yes' } },
        { digestHour: 8 },
      ]) {
        const refused = await call(suite.app, 'PUT', '/user/notification-preferences', {
          token: suite.tokens.COM,
          json,
        });
        assert.deepEqual([refused.status, refused.body.errors?.[0]?.message], [422, 'dataInvalid']);
      }
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('reads and marks one’s own notifications only', async () => {
      await sheet('COM');
      await sheet('COM', { title: 'Autre' });
      const mine = await bell('REC');
      assert.deepEqual([mine.total, mine.unread], [2, 2]);
      const others = await call(suite.app, 'POST', `/notifications/${mine.items[0].id}/read`, {
        token: suite.tokens.COM,
        fields: {},
      });
      assert.deepEqual([others.status, others.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
      const one = await call(suite.app, 'POST', `/notifications/${mine.items[0].id}/read`, {
        token: suite.tokens.REC,
        fields: {},
      });
      assert.equal(one.status, 200, JSON.stringify(one.body));
      const after = await bell('REC');
      assert.deepEqual([after.unread, after.items.map((item) => item.read)], [1, [true, false]]);
      await call(suite.app, 'POST', '/notifications/read', { token: suite.tokens.REC, fields: {} });
      assert.equal((await bell('REC')).unread, 0);
    });

    it('tells each active user their todos due today and overdue once a day, whoever runs the round', async () => {
      const today = toBusinessIsoDate(new Date());
      const { db } = suite.database;
      await db
        .insertInto('todo')
        .values({
          contact_id: suite.fixture.active.REC,
          task_id: suite.fixture.tasks.call,
          owner_id: suite.fixture.users.REC,
          deadline: today,
        })
        .execute();
      const notifications = suite.app.repos.notifications;
      const [first, second] = await Promise.all([notifications.tellDueTodos(today), notifications.tellDueTodos(today)]);
      const withTodos = await db
        .selectFrom('todo')
        .innerJoin('app_user', 'app_user.id', 'todo.owner_id')
        .select('todo.owner_id')
        .distinct()
        .where('todo.is_active', '=', true)
        .where('todo.is_accomplished', '=', false)
        .where('todo.deadline', '<=', today)
        .where('app_user.is_active', '=', true)
        .execute();
      assert.equal(first + second, withTodos.length, 'one per user with due todos, whichever round wrote it');
      const rec = await texts('REC');
      assert.equal(rec.length, 1);
      assert.match(rec[0], /^Vous avez 1 tâche pour aujourd’hui et \d+ tâches? en retard$/);
      const off = await db
        .selectFrom('notification')
        .select('id')
        .where('user_id', '=', suite.fixture.users.OFF)
        .execute();
      assert.deepEqual(off, [], 'never to an inactive user');
      assert.equal((await notifications.tellDueTodos(addDays(today, 1))) > 0, true, 'the next day is told again');
    });

    it('sends a notification to its recipient’s event stream alone', async () => {
      const { hub } = suite.app.live;
      const heard: Array<[string, unknown]> = [];
      const actorOf = (trigram: string) => ({
        id: suite.fixture.users[trigram],
        role: { admin: trigram === 'ADM', businessLeader: false, businessTeam: false, recruitmentTeam: true },
        leaderId: null,
      });
      const streams = ['REC', 'ADM', 'COM'].map((trigram) => ({
        userId: suite.fixture.users[trigram],
        actor: () => actorOf(trigram),
        change: (notice: { change: { table: string } }) => heard.push([trigram, notice.change.table]),
        reset: () => undefined,
        presence: () => undefined,
      }));
      for (const stream of streams) hub.add(stream);
      try {
        await sheet('COM');
        const deadline = Date.now() + 5_000;
        while (!heard.some(([, table]) => table === 'notification') && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        assert.deepEqual(
          heard.filter(([, table]) => table === 'notification'),
          [['REC', 'notification']],
        );
      } finally {
        for (const stream of streams) hub.remove(stream);
      }
    });
  });
}
