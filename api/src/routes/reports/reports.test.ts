import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  addDays,
  periodRange,
  toBusinessIsoDate,
  withLuhnCheckDigit,
  type DirectoryGroup,
  type HistoryReportItem,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetStatus,
  type ReportSubject,
  type StatsRow,
  type TaskReportRow,
  type TaskReportTodo,
} from '@bo/contracts/all';
import { addTodo, openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines } from '../../test/harness';

const siret = (n: number) => withLuhnCheckDigit(String(5_000_000_000_000 + n));

for (const engine of testEngines()) {
  describe(`reports on ${engine}`, () => {
    let suite: SeededSuite;
    // A group of three levels: Énergies Groupe > Énergies Lyon > Énergies Lyon Nord, and a head alone.
    const ids: Record<string, number> = {};

    before(async () => {
      suite = await openSeededSuite(engine);
      const { db } = suite.database;
      const { users, tasks } = suite.fixture;
      const company = async (
        key: string,
        name: string,
        n: number,
        parent: number | null,
        extra: { city?: string; active?: boolean } = {},
      ) => {
        const row = await db
          .insertInto('company')
          .values({
            name,
            registration_id: siret(n),
            owner_id: users.COM,
            parent_id: parent,
            city: extra.city ?? null,
            is_active: extra.active ?? true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[key] = row.id;
      };
      await company('head', 'Énergies Groupe', 1, null, { city: 'Paris' });
      await company('sub', 'Énergies Lyon', 2, ids.head, { city: 'Lyon' });
      await company('subsub', 'Énergies Lyon Nord', 3, ids.sub, { city: 'Villeurbanne' });
      await company('alone', 'Alpha Conseil', 4, null, { city: 'Besançon' });
      const contact = async (
        key: string,
        first: string,
        last: string,
        companyId: number,
        extra: { active?: boolean; createdAt?: string; owner?: number } = {},
      ) => {
        const row = await db
          .insertInto('contact')
          .values({
            title: 'madam',
            first_name: first,
            last_name: last,
            company_id: companyId,
            owner_id: extra.owner ?? users.COM,
            phone: '0033612345678',
            email: `${last.toLowerCase()}@example.fr`,
            created_at: extra.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[key] = row.id;
        // The reports read the contacts' states as written here, whatever todos the setup gives them below: the
        // database's upkeep of a contact's state (migration 0029) is off during the setup.
        if (extra.active ?? true) await sql`update contact set is_active = true where id = ${row.id}`.execute(db);
      };
      await sql`alter table contact disable trigger contact_guard`.execute(db);
      await sql`alter table todo disable trigger todo_next_deadline`.execute(db);
      await contact('headContact', 'Henri', 'Tête', ids.head);
      await contact('subsubContact', 'Zoé', 'Martin', ids.subsub);
      await contact('sleeping', 'Inès', 'Dormant', ids.subsub, { active: false, createdAt: '2025-06-15T10:00:00Z' });
      await contact('woken', 'Noé', 'Réveil', ids.alone, { createdAt: '2025-06-20T10:00:00Z' });
      // Noé left standby on 5 July 2025 (COM gave them a todo).
      await db
        .insertInto('history')
        .values([
          {
            entity: 'contact',
            entity_id: ids.woken,
            action: 'activate',
            changes: JSON.stringify({ isActive: { from: false, to: true } }),
            user_id: users.COM,
            created_at: '2025-07-05T09:00:00Z',
          },
          {
            entity: 'company',
            entity_id: ids.sub,
            action: 'update',
            changes: JSON.stringify({ city: { from: 'Bron', to: 'Lyon' } }),
            user_id: users.DIR,
            created_at: '2025-06-02T09:00:00Z',
          },
          {
            entity: 'contact',
            entity_id: ids.headContact,
            action: 'update',
            changes: JSON.stringify({ jobTitle: { from: null, to: 'DRH' } }),
            user_id: users.COM,
            created_at: '2025-06-03T09:00:00Z',
          },
        ])
        .execute();

      // June 2025, all in the past: COM's todos on Zoé, REC's on Henri, COB's on Noé.
      const todo = (
        key: string,
        owner: string,
        contactKey: string,
        deadline: string,
        extra: { done?: string; task?: number; active?: boolean } = {},
      ) =>
        addTodo(db, {
          contact_id: ids[contactKey],
          task_id: extra.task ?? tasks.call,
          owner_id: users[owner],
          deadline,
          is_accomplished: extra.done !== undefined,
          execution_date: extra.done ?? null,
          is_active: extra.active ?? true,
          notes: `Notes ${key}`,
          comment: extra.done === undefined ? null : `Commentaire ${key}`,
        }).then((id) => {
          ids[key] = id;
        });
      // Done at 23:30 in Paris on its deadline day: on time. Done at 00:30 the next day in Paris: late.
      await todo('onTime', 'COM', 'subsubContact', '2025-06-10', { done: '2025-06-10T21:30:00Z' });
      await todo('doneLate', 'COM', 'subsubContact', '2025-06-10', { done: '2025-06-10T22:30:00Z' });
      await todo('pending1', 'COM', 'subsubContact', '2025-06-12');
      await todo('pending2', 'COM', 'subsubContact', '2025-06-30');
      await todo('deleted', 'COM', 'subsubContact', '2025-06-11', { active: false });
      await todo('beforePeriod', 'COM', 'subsubContact', '2025-05-31');
      await todo('afterPeriod', 'COM', 'subsubContact', '2025-07-01');
      await todo('recPending', 'REC', 'headContact', '2025-06-20', { task: tasks.mail });
      await todo('otherTeam', 'COB', 'woken', '2025-06-15', { done: '2025-06-15T08:00:00Z' });
      await sql`alter table contact enable trigger contact_guard`.execute(db);
      await sql`alter table todo enable trigger todo_next_deadline`.execute(db);
    });
    after(() => suite.close());

    const june = { from: '2025-06-01', to: '2025-06-30' };
    const get = <T>(url: string, query: Record<string, unknown>, token = suite.tokens.COM) =>
      call<T>(suite.app, 'GET', url, { token, query });

    describe('history', () => {
      const history = (query: Record<string, unknown>, token = suite.tokens.REC) =>
        get<ListPage<HistoryReportItem>>('/reports/history', query, token);

      it('finds contacts and companies in one autocomplete, accents and case ignored', async () => {
        const answer = await get<ReportSubject[]>('/reports/subjects', { q: 'ENERGIES LYON' }, suite.tokens.REC);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.deepEqual(
          answer.body.data?.map((s) => [s.kind, s.label, s.detail, s.hasSubsidiaries]),
          [
            ['company', 'Énergies Lyon', 'Énergies Groupe', true],
            ['company', 'Énergies Lyon Nord', 'Énergies Lyon', false],
          ],
        );
        const people = await get<ReportSubject[]>('/reports/subjects', { q: 'zoe mar' }, suite.tokens.REC);
        assert.deepEqual(
          people.body.data?.map((s) => [s.kind, s.label, s.detail]),
          [['contact', 'Zoé Martin', 'Énergies Lyon Nord']],
        );
      });

      it('rolls a group up across its subsidiaries, however deep, each entry labelled with its company', async () => {
        const answer = await history({ companyId: ids.head, perPage: 100 });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const items = answer.body.data!.items;
        assert.equal(answer.body.data?.total, items.length);
        // Newest first: the pending todo of 1 July, ..., the change of 2 June, the todo due on 31 May.
        assert.deepEqual(
          items.map((i) => [i.kind, i.companyName, i.contactName, i.trigram, i.todo?.deadline ?? i.change?.action]),
          [
            ['todo', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '2025-07-01'],
            ['todo', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '2025-06-30'],
            ['todo', 'Énergies Groupe', 'Henri Tête', 'REC', '2025-06-20'],
            ['todo', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '2025-06-12'],
            ['todo', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '2025-06-10'],
            ['todo', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '2025-06-10'],
            ['change', 'Énergies Groupe', 'Henri Tête', 'COM', 'update'],
            ['change', 'Énergies Lyon', null, 'DIR', 'update'],
            ['todo', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '2025-05-31'],
          ],
        );
        const late = items.find((i) => i.id === ids.doneLate)!;
        assert.deepEqual(
          [
            late.at,
            late.todo?.executionDate,
            late.todo?.isAccomplished,
            late.todo?.notes,
            late.todo?.comment,
            late.todo?.task.style.backgroundColor,
          ],
          [
            '2025-06-10T22:30:00.000Z',
            '2025-06-10T22:30:00.000Z',
            true,
            'Notes doneLate',
            'Commentaire doneLate',
            '#2563eb',
          ],
        );
        assert.deepEqual(items.find((i) => i.kind === 'change' && i.companyName === 'Énergies Lyon')?.change?.changes, {
          city: { from: 'Bron', to: 'Lyon' },
        });
      });

      it('leaves the subsidiaries out on request, and tells one contact’s story alone', async () => {
        const head = await history({ companyId: ids.head, subsidiaries: false });
        assert.deepEqual(
          head.body.data?.items.map((i) => [i.kind, i.contactName]),
          [
            ['todo', 'Henri Tête'],
            ['change', 'Henri Tête'],
          ],
        );
        const zoe = await history({ contactId: ids.subsubContact });
        assert.equal(zoe.body.data?.total, 6);
        assert.ok(zoe.body.data?.items.every((i) => i.contactName === 'Zoé Martin'));
      });

      it('filters by period (deadline or day of the change, both days included), task type and user, a page at a time', async () => {
        const inJune = await history({ companyId: ids.head, ...june });
        assert.equal(inJune.body.data?.total, 7);
        const mail = await history({ companyId: ids.head, taskId: suite.fixture.tasks.mail });
        assert.deepEqual(
          mail.body.data?.items.map((i) => i.id),
          [ids.recPending],
        );
        const byDir = await history({ companyId: ids.head, userId: suite.fixture.users.DIR });
        assert.deepEqual(
          byDir.body.data?.items.map((i) => i.change?.changes),
          [{ city: { from: 'Bron', to: 'Lyon' } }],
        );
        const second = await history({ companyId: ids.head, perPage: 4, page: 2 });
        assert.deepEqual([second.body.data?.total, second.body.data?.items.length], [9, 4]);
        const beyond = await history({ companyId: ids.head, perPage: 4, page: 9 });
        assert.deepEqual([beyond.body.data?.total, beyond.body.data?.items.length], [9, 0]);
      });

      it('refuses a request without exactly one subject, a reversed period, and an unknown record', async () => {
        for (const query of [
          {},
          { contactId: ids.subsubContact, companyId: ids.head },
          { companyId: ids.head, from: '2025-07-01', to: '2025-06-01' },
        ]) {
          const answer = await history(query);
          assert.equal(answer.status, 422, JSON.stringify(query));
          assert.equal(answer.body.errors[0].message, 'dataInvalid');
        }
        const missing = await history({ contactId: 999999 });
        assert.deepEqual(
          [missing.status, missing.body.errors],
          [404, [{ message: 'modelNotFound', field: 'contactId' }]],
        );
      });

      it('exports the history as CSV for French Excel, for the business side only', async () => {
        const answer = await suite.app.inject({
          method: 'GET',
          url: `/reports/history/export?companyId=${ids.head}&from=2025-06-10&to=2025-06-10`,
          headers: { authorization: suite.tokens.COM },
        });
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.body[0], '\uFEFF');
        const lines = answer.body
          .slice(1)
          .split('\r\n')
          .filter((line) => line !== '');
        assert.equal(
          lines[0],
          'Date;Type;Société;Contact;Utilisateur;Tâche;Échéance;Exécutée le;Notes;Commentaire;Modifications;Fiche de besoin;Statut',
        );
        assert.deepEqual(
          lines.slice(1).map((line) => line.split(';').slice(0, 8)),
          [
            [
              '11/06/2025 00:30',
              'Tâche aboutie',
              'Énergies Lyon Nord',
              'Zoé Martin',
              'COM',
              'Appel de suivi',
              '10/06/2025',
              '11/06/2025',
            ],
            [
              '10/06/2025 23:30',
              'Tâche aboutie',
              'Énergies Lyon Nord',
              'Zoé Martin',
              'COM',
              'Appel de suivi',
              '10/06/2025',
              '10/06/2025',
            ],
          ],
        );
        const refused = await suite.app.inject({
          method: 'GET',
          url: `/reports/history/export?companyId=${ids.head}`,
          headers: { authorization: suite.tokens.REC },
        });
        assert.equal(refused.statusCode, 403);
      });
    });

    describe('directory', () => {
      const directory = (query: Record<string, unknown>) =>
        get<ListPage<DirectoryGroup>>('/reports/directory', query, suite.tokens.REC);
      const shape = (groups: DirectoryGroup[] | undefined) =>
        groups?.map((g) => [
          g.name,
          g.companies.map((c) => [c.depth, c.name, c.contacts.map((k) => `${k.firstName} ${k.lastName}`)]),
        ]);

      it('shows each group as a tree, head first, with the active contacts only', async () => {
        const answer = await directory({ search: 'énergies' });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.deepEqual(shape(answer.body.data?.items), [
          [
            'Énergies Groupe',
            [
              [0, 'Énergies Groupe', ['Henri Tête']],
              [1, 'Énergies Lyon', []],
              [2, 'Énergies Lyon Nord', ['Zoé Martin']],
            ],
          ],
        ]);
        assert.equal(answer.body.data?.total, 1);
      });

      it('finds a contact by name, accents ignored, and keeps the companies above it to place it', async () => {
        const answer = await directory({ search: 'ZOE' });
        assert.deepEqual(shape(answer.body.data?.items), [
          [
            'Énergies Groupe',
            [
              [0, 'Énergies Groupe', []],
              [1, 'Énergies Lyon', []],
              [2, 'Énergies Lyon Nord', ['Zoé Martin']],
            ],
          ],
        ]);
        const byCity = await directory({ search: 'besancon' });
        assert.deepEqual(shape(byCity.body.data?.items), [['Alpha Conseil', [[0, 'Alpha Conseil', ['Noé Réveil']]]]]);
      });

      it('pages by group, in name order', async () => {
        const first = await directory({ perPage: 2, page: 1 });
        assert.deepEqual(
          first.body.data?.items.map((g) => g.name),
          ['Alpha Conseil', 'Énergies Groupe'],
        );
        assert.equal(first.body.data?.total, 3);
        const second = await directory({ perPage: 2, page: 2 });
        assert.deepEqual(
          second.body.data?.items.map((g) => g.name),
          ['Société Test'],
        );
      });

      it('exports the directory as CSV, a line per company and per contact', async () => {
        const answer = await suite.app.inject({
          method: 'GET',
          url: '/reports/directory/export?search=lyon%20nord',
          headers: { authorization: suite.tokens.COM },
        });
        assert.equal(answer.statusCode, 200);
        const lines = answer.body
          .slice(1)
          .split('\r\n')
          .filter((line) => line !== '');
        assert.deepEqual(lines, [
          'Groupe;Société;Société mère;Ville;Civilité;Prénom;Nom;Fonction;Téléphone;E-mail',
          'Énergies Groupe;Énergies Groupe;;Paris;;;;;;',
          'Énergies Groupe;Énergies Lyon;Énergies Groupe;Lyon;;;;;;',
          'Énergies Groupe;Énergies Lyon Nord;Énergies Lyon;Villeurbanne;Madame;Zoé;Martin;;0033 6 12 34 56 78;martin@example.fr',
        ]);
      });
    });

    describe('task report', () => {
      const tasks = (query: Record<string, unknown>, token = suite.tokens.DIR) =>
        get<TaskReportRow[]>('/reports/tasks', query, token);
      const figures = (rows: TaskReportRow[] | null | undefined) =>
        rows?.map((r) => [r.trigram ?? r.description, r.planned, r.done, r.doneLate, r.late, r.onTimeRate]);

      it('counts a leader’s team per user: planned, done, done late at midnight Paris time, late, on-time rate', async () => {
        const answer = await tasks(june);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.deepEqual(figures(answer.body.data), [
          ['COM', 4, 2, 1, 2, 0.5],
          ['REC', 1, 0, 0, 1, null],
        ]);
      });

      it('shows everyone to an admin, and counts per task type', async () => {
        const all = await tasks(june, suite.tokens.ADM);
        assert.deepEqual(
          all.body.data?.map((r) => r.trigram),
          ['COB', 'COM', 'REC'],
        );
        const byTask = await tasks({ ...june, groupBy: 'task' });
        assert.deepEqual(figures(byTask.body.data), [
          ['Appel de suivi', 4, 2, 1, 2, 0.5],
          ['Relance email', 1, 0, 0, 1, null],
        ]);
      });

      it('reads a period given in Unix seconds as the Paris days they fall on', async () => {
        // 31 May 2025 22:00 UTC is 1 June 00:00 in Paris: the todo due on 31 May stays out.
        const from = Date.UTC(2025, 4, 31, 22) / 1000;
        const to = Date.UTC(2025, 5, 30, 21, 59) / 1000;
        const answer = await tasks({ from, to });
        assert.deepEqual(figures(answer.body.data), [
          ['COM', 4, 2, 1, 2, 0.5],
          ['REC', 1, 0, 0, 1, null],
        ]);
        const wider = await tasks({ from: '2025-05-31', to: '2025-07-01' });
        assert.equal(wider.body.data?.[0].planned, 6);
      });

      it('opens the todos behind a figure', async () => {
        const late = await get<ListPage<TaskReportTodo>>(
          '/reports/tasks/todos',
          { ...june, figure: 'late', userId: suite.fixture.users.COM },
          suite.tokens.DIR,
        );
        assert.deepEqual(
          late.body.data?.items.map((t) => [t.id, t.contact.lastName, t.companyName]),
          [
            [ids.pending1, 'Martin', 'Énergies Lyon Nord'],
            [ids.pending2, 'Martin', 'Énergies Lyon Nord'],
          ],
        );
        const doneLate = await get<ListPage<TaskReportTodo>>(
          '/reports/tasks/todos',
          { ...june, figure: 'doneLate' },
          suite.tokens.DIR,
        );
        assert.deepEqual(
          doneLate.body.data?.items.map((t) => t.id),
          [ids.doneLate],
        );
        const hidden = await get<ListPage<TaskReportTodo>>(
          '/reports/tasks/todos',
          { ...june, figure: 'done', userId: suite.fixture.users.COB },
          suite.tokens.DIR,
        );
        assert.deepEqual(hidden.body.data, { items: [], total: 0 });
      });

      it('exports the report as CSV with the rate the French way', async () => {
        const answer = await suite.app.inject({
          method: 'GET',
          url: '/reports/tasks/export?from=2025-06-01&to=2025-06-30',
          headers: { authorization: suite.tokens.DIR },
        });
        assert.equal(answer.statusCode, 200);
        assert.deepEqual(
          answer.body
            .slice(1)
            .split('\r\n')
            .filter((line) => line !== ''),
          [
            'Utilisateur;Prévues;Abouties;Abouties en retard;En retard;Taux à temps',
            'COM;4;2;1;2;50 %',
            'REC;1;0;0;1;',
          ],
        );
      });

      it('refuses the task report and the statistics to the business and recruitment teams, and bad periods', async () => {
        const before = await snapshot(suite.database.db);
        for (const token of [suite.tokens.COM, suite.tokens.REC]) {
          for (const url of [
            '/reports/tasks',
            '/reports/tasks/todos',
            '/reports/tasks/export',
            '/reports/stats',
            '/reports/stats/export',
          ]) {
            const answer = await get(url, { ...june, figure: 'done' }, token);
            assert.deepEqual([answer.status, answer.body.errors[0]?.message], [403, 'forbidden'], url);
          }
        }
        for (const query of [
          { from: '2025-06-30', to: '2025-06-01' },
          { from: '2025-02-30', to: '2025-03-01' },
          { from: '2025-06-01' },
          { ...june, groupBy: 'owner' },
        ]) {
          const answer = await tasks(query);
          assert.equal(answer.status, 422, JSON.stringify(query));
        }
        assert.equal(await snapshot(suite.database.db), before);
      });
    });

    describe('statistics', () => {
      it('counts per month and user: new contacts, contacts out of standby, en veille at month end, todos done', async () => {
        const answer = await get<StatsRow[]>(
          '/reports/stats',
          { from: '2025-06-01', to: '2025-07-31' },
          suite.tokens.DIR,
        );
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const com = answer.body.data
          ?.filter((r) => r.trigram === 'COM')
          .map((r) => [r.month, r.newContacts, r.activatedContacts, r.standbyAtMonthEnd, r.todosDone]);
        assert.deepEqual(com, [
          ['2025-06', 2, 0, 2, 2],
          ['2025-07', 0, 1, 1, 0],
        ]);
        // The team only: DIR, COM, REC (OFF is inactive and did nothing), never COB.
        assert.deepEqual([...new Set(answer.body.data?.map((r) => r.trigram))], ['COM', 'DIR', 'REC']);
        const all = await get<StatsRow[]>('/reports/stats', { from: '2025-06-01', to: '2025-06-30' }, suite.tokens.ADM);
        assert.deepEqual(all.body.data?.find((r) => r.trigram === 'COB')?.todosDone, 1);
        // A month to come has no figures yet: the rows stop at the current month.
        const thisMonth = toBusinessIsoDate(new Date()).slice(0, 7);
        const ahead = await get<StatsRow[]>(
          '/reports/stats',
          { from: '2025-06-01', to: `${Number(thisMonth.slice(0, 4)) + 1}-12-31` },
          suite.tokens.DIR,
        );
        assert.equal(ahead.body.data?.at(-1)?.month, thisMonth);
      });
    });

    // Last, so that the figures above stay those of their own data.
    describe('needs sheets', () => {
      const status: Record<string, NeedsSheetStatus> = {};
      const sheets: Record<string, NeedsSheet> = {};
      const today = toBusinessIsoDate(new Date());

      before(async () => {
        const { db } = suite.database;
        const { users } = suite.fixture;
        for (const [label, color, closes, fills] of [
          ['Nouveau', '#2563eb', false, false],
          ['En cours', '#d97706', false, false],
          ['Pourvu', '#059669', true, true],
          ['Perdu', '#6b7280', true, false],
          ['Annulé', '#dc2626', true, false],
        ] as const) {
          const answer = await call<NeedsSheetStatus>(suite.app, 'POST', '/admin/need-status/store', {
            token: suite.tokens.ADM,
            fields: { label, color, closes, fills, order: Object.keys(status).length * 10 },
          });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          status[label] = answer.body.data!;
        }
        // Another contact of Énergies Lyon Nord: the company's sheets are not all Zoé's.
        const lea = await db
          .insertInto('contact')
          .values({
            title: 'madam',
            first_name: 'Léa',
            last_name: 'Autre',
            company_id: ids.subsub,
            owner_id: users.COM,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.lea = lea.id;
        // Active as the setup above writes its contacts (the state's upkeep off for this one write).
        await sql`alter table contact disable trigger contact_guard`.execute(db);
        await sql`update contact set is_active = true where id = ${lea.id}`.execute(db);
        await sql`alter table contact enable trigger contact_guard`.execute(db);
        const create = async (key: string, companyId: number, contactId: number, title: string) => {
          const answer = await call<NeedsSheet>(suite.app, 'POST', '/need/store', {
            token: suite.tokens.COM,
            fields: {
              companyId,
              contactId,
              title,
              seniority: 'senior',
              contractType: 'regie',
              ownerId: users.COM,
              recruiterIds: [users.REC],
            },
          });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          sheets[key] = answer.body.data!;
        };
        const progress = async (key: string, trigram: string, statusId: number, comment?: string) => {
          const answer = await call<NeedsSheet>(suite.app, 'POST', `/need/${sheets[key].id}/status`, {
            token: suite.tokens[trigram],
            fields: { statusId, comment, version: sheets[key].version },
          });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          sheets[key] = answer.body.data!;
        };
        await create('zoe', ids.subsub, ids.subsubContact, 'Chef de projet SI');
        await progress('zoe', 'REC', status['En cours'].id, 'Premiers candidats');
        await progress('zoe', 'DIR', status.Pourvu.id, 'Signé');
        // A comment alone: the status stays.
        await progress('zoe', 'COM', status.Pourvu.id, 'Facture envoyée');
        await create('lea', ids.subsub, ids.lea, 'Technicien réseau');
        await create('head', ids.head, ids.headContact, 'Directeur financier');
      });

      const history = (query: Record<string, unknown>, token = suite.tokens.REC) =>
        get<ListPage<HistoryReportItem>>('/reports/history', query, token);
      const steps = (items: HistoryReportItem[] | undefined) =>
        items
          ?.filter((i) => i.kind === 'needsSheet')
          .map((i) => [
            i.needsSheet?.reference,
            i.needsSheet?.action,
            i.companyName,
            i.contactName,
            i.trigram,
            i.needsSheet?.previousStatus?.label ?? null,
            i.needsSheet?.status?.label ?? null,
            i.needsSheet?.comment,
          ]);

      it('tells a contact the needs sheets written for it: creation, status changes with their comment, newest first', async () => {
        const answer = await history({ contactId: ids.subsubContact, perPage: 100 });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const { reference } = sheets.zoe;
        assert.deepEqual(steps(answer.body.data?.items), [
          [reference, 'status', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', null, null, 'Facture envoyée'],
          [reference, 'status', 'Énergies Lyon Nord', 'Zoé Martin', 'DIR', 'En cours', 'Pourvu', 'Signé'],
          [reference, 'status', 'Énergies Lyon Nord', 'Zoé Martin', 'REC', 'Nouveau', 'En cours', 'Premiers candidats'],
          [reference, 'create', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', null, 'Nouveau', null],
        ]);
        // Today's steps come before the todos of 2025, and count in the total with them.
        const items = answer.body.data!.items;
        assert.deepEqual(
          items.slice(0, 4).map((i) => i.kind),
          ['needsSheet', 'needsSheet', 'needsSheet', 'needsSheet'],
        );
        assert.equal(answer.body.data?.total, 10);
        const filled = items.find((i) => i.needsSheet?.status?.label === 'Pourvu')!;
        assert.deepEqual(
          [
            filled.needsSheet?.id,
            filled.needsSheet?.title,
            filled.needsSheet?.status,
            filled.companyId,
            filled.contactId,
            filled.todo,
            filled.change,
          ],
          [
            sheets.zoe.id,
            'Chef de projet SI',
            { id: status.Pourvu.id, label: 'Pourvu', color: '#059669' },
            ids.subsub,
            ids.subsubContact,
            null,
            null,
          ],
        );
        const lea = await history({ contactId: ids.lea });
        assert.deepEqual(steps(lea.body.data?.items), [
          [sheets.lea.reference, 'create', 'Énergies Lyon Nord', 'Léa Autre', 'COM', null, 'Nouveau', null],
        ]);
      });

      it('tells a company its sheets, and its subsidiaries’ on request, each labelled with its company', async () => {
        const group = await history({ companyId: ids.head, perPage: 100 });
        const labelled = steps(group.body.data?.items)?.map(([reference, action, company]) => [
          reference,
          action,
          company,
        ]);
        assert.deepEqual(labelled, [
          [sheets.head.reference, 'create', 'Énergies Groupe'],
          [sheets.lea.reference, 'create', 'Énergies Lyon Nord'],
          [sheets.zoe.reference, 'status', 'Énergies Lyon Nord'],
          [sheets.zoe.reference, 'status', 'Énergies Lyon Nord'],
          [sheets.zoe.reference, 'status', 'Énergies Lyon Nord'],
          [sheets.zoe.reference, 'create', 'Énergies Lyon Nord'],
        ]);
        assert.equal(group.body.data?.total, 9 + 6);
        const alone = await history({ companyId: ids.head, subsidiaries: false });
        assert.deepEqual(steps(alone.body.data?.items), [
          [sheets.head.reference, 'create', 'Énergies Groupe', 'Henri Tête', 'COM', null, 'Nouveau', null],
        ]);
        const sub = await history({ companyId: ids.sub, subsidiaries: false });
        assert.deepEqual(steps(sub.body.data?.items), []);
      });

      it('filters the steps like the changes: by day, by user, none for a task type; pages them with the rest', async () => {
        const day = await history({ companyId: ids.subsub, from: today, to: today });
        assert.deepEqual(
          day.body.data?.items.map((i) => i.kind),
          Array(5).fill('needsSheet'),
        );
        const earlier = await history({ companyId: ids.subsub, to: addDays(today, -1), perPage: 100 });
        assert.equal(steps(earlier.body.data?.items)?.length, 0);
        const byRec = await history({ contactId: ids.subsubContact, userId: suite.fixture.users.REC });
        assert.deepEqual(
          steps(byRec.body.data?.items)?.map((step) => step.slice(4)),
          [['REC', 'Nouveau', 'En cours', 'Premiers candidats']],
        );
        const task = await history({ contactId: ids.subsubContact, taskId: suite.fixture.tasks.call, perPage: 100 });
        assert.ok(task.body.data!.items.every((i) => i.kind === 'todo'));
        const second = await history({ contactId: ids.subsubContact, perPage: 3, page: 2 });
        assert.deepEqual(
          [second.body.data?.total, second.body.data?.items.map((i) => i.kind)],
          [10, ['needsSheet', 'todo', 'todo']],
        );
      });

      it('exports the steps in the history CSV: the sheet, its status change and the comment', async () => {
        const answer = await suite.app.inject({
          method: 'GET',
          url: `/reports/history/export?contactId=${ids.subsubContact}&from=${today}`,
          headers: { authorization: suite.tokens.COM },
        });
        assert.equal(answer.statusCode, 200);
        const lines = answer.body
          .slice(1)
          .split('\r\n')
          .filter((line) => line !== '');
        const cells = lines.slice(1).map((line) => line.split(';'));
        const columns = (row: string[]) => [row[1], row[2], row[3], row[4], row[9], row[10], row[11], row[12]];
        const sheet = `${sheets.zoe.reference} Chef de projet SI`;
        assert.deepEqual(cells.map(columns), [
          [
            'Changement de statut de la fiche de besoin',
            'Énergies Lyon Nord',
            'Zoé Martin',
            'COM',
            'Facture envoyée',
            '',
            sheet,
            '',
          ],
          [
            'Changement de statut de la fiche de besoin',
            'Énergies Lyon Nord',
            'Zoé Martin',
            'DIR',
            'Signé',
            '',
            sheet,
            'En cours → Pourvu',
          ],
          [
            'Changement de statut de la fiche de besoin',
            'Énergies Lyon Nord',
            'Zoé Martin',
            'REC',
            'Premiers candidats',
            '',
            sheet,
            'Nouveau → En cours',
          ],
          ['Création de la fiche de besoin', 'Énergies Lyon Nord', 'Zoé Martin', 'COM', '', '', sheet, 'Nouveau'],
        ]);
      });

      describe('in the statistics', () => {
        // Sheets of September and October 2025, written as they would have been then: each status it entered, when.
        before(async () => {
          const { db } = suite.database;
          const { users } = suite.fixture;
          let number = 9000;
          const sheet = async (owner: string, received: string, steps: [string, string][]) => {
            number += 1;
            const last = steps.at(-1)?.[0] ?? 'Nouveau';
            const row = await db
              .insertInto('needs_sheet')
              .values({
                reference: `BES-2025-${number}`,
                company_id: ids.alone,
                contact_id: ids.woken,
                title: `Fiche ${number}`,
                seniority: 'senior',
                contract_type: 'regie',
                owner_id: users[owner],
                received_date: received,
                deadline: addDays(received, 10),
                status_id: status[last].id,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await db
              .insertInto('needs_sheet_status_change')
              .values([
                { needs_sheet_id: row.id, status_id: status.Nouveau.id, changed_at: `${received}T08:00:00Z` },
                ...steps.map(([label, at]) => ({
                  needs_sheet_id: row.id,
                  status_id: status[label].id,
                  changed_at: at,
                })),
              ])
              .execute();
          };
          // COM, September: three filled (10, 0 and 28 days: a received date typed after the change counts 0), one
          // lost there and filled in October; four received.
          await sheet('COM', '2025-09-02', [['Pourvu', '2025-09-12T10:00:00Z']]);
          await sheet('COM', '2025-09-25', [['Pourvu', '2025-09-20T10:00:00Z']]);
          await sheet('COM', '2025-09-01', [
            ['En cours', '2025-09-10T10:00:00Z'],
            ['Pourvu', '2025-09-29T10:00:00Z'],
          ]);
          // Filled at 00:30 on 1 October in Paris: October's, after 21 days.
          await sheet('COM', '2025-09-10', [['Pourvu', '2025-09-30T22:30:00Z']]);
          // COM, October: received in August, lost in September, filled in October after 46 days; one cancelled, one
          // still open; two received.
          await sheet('COM', '2025-08-20', [
            ['Perdu', '2025-09-15T10:00:00Z'],
            ['Pourvu', '2025-10-05T08:00:00Z'],
          ]);
          await sheet('COM', '2025-10-03', [['Annulé', '2025-10-20T10:00:00Z']]);
          await sheet('COM', '2025-10-06', []);
          // REC: filled twice in September (reopened in between), counted once, from the first time (3 days).
          await sheet('REC', '2025-09-01', [
            ['Pourvu', '2025-09-04T10:00:00Z'],
            ['En cours', '2025-09-05T10:00:00Z'],
            ['Pourvu', '2025-09-20T10:00:00Z'],
          ]);
          // Another team's.
          await sheet('COB', '2025-09-05', [['Pourvu', '2025-09-08T10:00:00Z']]);
        });

        const autumn = { from: '2025-09-01', to: '2025-10-31' };
        const sheetFigures = (rows: StatsRow[] | null | undefined) =>
          rows?.map((r) => [r.month, r.trigram, r.sheetsOpened, r.sheetsFilled, r.sheetsLost, r.medianDaysToFill]);

        it('counts per month and owner the sheets opened, filled and lost, and the median days to fill', async () => {
          const answer = await get<StatsRow[]>('/reports/stats', autumn, suite.tokens.DIR);
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.deepEqual(sheetFigures(answer.body.data), [
            ['2025-09', 'COM', 4, 3, 1, 10],
            ['2025-09', 'DIR', 0, 0, 0, null],
            ['2025-09', 'REC', 1, 1, 0, 3],
            ['2025-10', 'COM', 2, 2, 1, 33.5],
            ['2025-10', 'DIR', 0, 0, 0, null],
            ['2025-10', 'REC', 0, 0, 0, null],
          ]);
          const all = await get<StatsRow[]>('/reports/stats', autumn, suite.tokens.ADM);
          assert.deepEqual(sheetFigures(all.body.data?.filter((r) => r.trigram === 'COB')), [
            ['2025-09', 'COB', 1, 1, 0, 3],
            ['2025-10', 'COB', 0, 0, 0, null],
          ]);
          // A period that starts mid-month counts from its first day: the sheets received on 1 and 2 September fall out.
          const later = await get<StatsRow[]>(
            '/reports/stats',
            { from: '2025-09-03', to: '2025-09-30' },
            suite.tokens.DIR,
          );
          assert.deepEqual(sheetFigures(later.body.data?.filter((r) => r.trigram === 'COM')), [
            ['2025-09', 'COM', 2, 3, 1, 10],
          ]);
        });

        it('exports the sheets’ figures in the statistics CSV, the median the French way', async () => {
          const answer = await suite.app.inject({
            method: 'GET',
            url: '/reports/stats/export?from=2025-10-01&to=2025-10-31',
            headers: { authorization: suite.tokens.DIR },
          });
          assert.equal(answer.statusCode, 200);
          const lines = answer.body
            .slice(1)
            .split('\r\n')
            .filter((line) => line !== '');
          assert.equal(
            lines[0],
            'Mois;Utilisateur;Nouveaux contacts;Contacts sortis de veille;Contacts en veille en fin de mois;Tâches abouties;' +
              'Fiches ouvertes;Fiches pourvues;Fiches perdues ou annulées;Délai médian pour pourvoir (jours)',
          );
          assert.deepEqual(
            lines.slice(1).map((line) => line.split(';').slice(6)),
            [
              ['2', '2', '1', '33,5'],
              ['0', '0', '0', ''],
              ['0', '0', '0', ''],
            ],
          );
        });
      });
    });

    it('computes the periods of the presets, weeks from Monday, quarters and month ends right', () => {
      assert.deepEqual(periodRange('week', '2026-11-25'), { from: '2026-11-23', to: '2026-11-29' });
      assert.deepEqual(periodRange('week', '2026-11-29'), { from: '2026-11-23', to: '2026-11-29' });
      assert.deepEqual(periodRange('month', '2028-02-10'), { from: '2028-02-01', to: '2028-02-29' });
      assert.deepEqual(periodRange('lastMonth', '2026-01-15'), { from: '2025-12-01', to: '2025-12-31' });
      assert.deepEqual(periodRange('quarter', '2026-11-25'), { from: '2026-10-01', to: '2026-12-31' });
      assert.deepEqual(periodRange('year', '2026-11-25'), { from: '2026-01-01', to: '2026-12-31' });
    });
  });
}
