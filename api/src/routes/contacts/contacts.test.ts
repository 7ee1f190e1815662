import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Contact, ContactDuplicate, ContactListItem, HistoryEntry, ListPage, Todo } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines } from '../../test/harness';

for (const engine of testEngines()) {
  describe(`contact records on ${engine}`, () => {
    let suite: SeededSuite;
    const fields = (overrides: Record<string, unknown> = {}) => ({
      title: 'madam',
      firstName: 'Héloïse',
      lastName: 'Lefèvre',
      jobTitle: 'Directrice des achats',
      email: 'heloise.lefevre@example.fr',
      phone: '0033 6 12 34 56 78',
      companyId: suite.fixture.company,
      ownerId: suite.fixture.users.COM,
      ...overrides,
    });
    const create = (overrides: Record<string, unknown> = {}, token = suite.tokens.COM) =>
      call<Contact>(suite.app, 'POST', '/contact/store', { token, fields: fields(overrides) });
    const list = (query: Record<string, unknown>, token = suite.tokens.COM) =>
      call<ListPage<ContactListItem>>(suite.app, 'GET', '/contacts', { token, query });
    const versionOf = async (id: number) =>
      (await call<Contact>(suite.app, 'GET', `/contact/${id}`, { token: suite.tokens.DIR })).body.data!.version;
    const names = (page: { body: { data: ListPage<ContactListItem> | null } }) =>
      page.body.data?.items.map((c) => `${c.firstName} ${c.lastName}`);

    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('creates a contact en veille, phone normalized, and records its history', async () => {
      const answer = await create();
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const contact = answer.body.data!;
      assert.deepEqual(
        [contact.phone, contact.isActive, contact.company?.name, contact.owner.trigram, contact.nextTodo],
        ['0033612345678', false, 'Société Test', 'COM', null],
      );
      const history = await suite.database.db
        .selectFrom('history')
        .select('action')
        .where('entity', '=', 'contact')
        .where('entity_id', '=', contact.id)
        .execute();
      assert.deepEqual(
        history.map((row) => row.action),
        ['create'],
      );
    });

    it('refuses an e-mail already used (case ignored) and a contact in an inactive company, changing nothing', async () => {
      const closed = await suite.database.db
        .insertInto('company')
        .values({
          name: 'Fermée',
          registration_id: '55210055400013',
          owner_id: suite.fixture.users.ADM,
          is_active: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await snapshot(suite.database.db);
      const sameEmail = await create({ firstName: 'Autre', email: 'HELOISE.lefevre@example.fr' });
      assert.deepEqual(
        [sameEmail.status, sameEmail.body.errors],
        [409, [{ message: 'existingEmail', field: 'email' }]],
      );
      const inactive = await create({ email: 'autre@example.fr', companyId: closed.id });
      assert.deepEqual(
        [inactive.status, inactive.body.errors],
        [409, [{ message: 'inactiveCompany', field: 'companyId' }]],
      );
      const badPhone = await create({ email: 'x@example.fr', phone: '06 12 34 56 78' });
      assert.deepEqual([badPhone.status, badPhone.body.errors], [422, [{ message: 'dataInvalid', field: 'phone' }]]);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('finds by name with accents ignored, by e-mail, by company name and by phone digits typed the French way', async () => {
      for (const search of ['heloise lefevre', 'LEFÈVRE', 'heloise.lefevre@', '06 12 34 56', '+33 6 12 34']) {
        assert.deepEqual(names(await list({ search })), ['Héloïse Lefèvre'], search);
      }
      const byCompany = await list({ search: 'societe test', perPage: 100 });
      assert.equal(byCompany.body.data?.total, 15);
    });

    it('finds contacts by their company’s new name once it is renamed, and a moved contact by its new company', async () => {
      const db = suite.database.db;
      const total = async (search: string) => (await list({ search, perPage: 100 })).body.data?.total;
      const other = await db
        .insertInto('company')
        .values({ name: 'Orfèvrerie Réunie', registration_id: '55210055400021', owner_id: suite.fixture.users.ADM })
        .returning('id')
        .executeTakeFirstOrThrow();
      const moved = await db
        .selectFrom('contact')
        .select('id')
        .where('email', '=', 'heloise.lefevre@example.fr')
        .executeTakeFirstOrThrow();
      try {
        assert.deepEqual([await total('societe test'), await total('verrerie')], [15, 0]);
        await db
          .updateTable('company')
          .set({ name: 'Verrerie Émile' })
          .where('id', '=', suite.fixture.company)
          .execute();
        assert.deepEqual([await total('societe test'), await total('verrerie emile')], [0, 15]);
        await db.updateTable('contact').set({ company_id: other.id }).where('id', '=', moved.id).execute();
        assert.deepEqual([await total('verrerie'), await total('orfevrerie reunie')], [14, 1]);
      } finally {
        await db.updateTable('contact').set({ company_id: suite.fixture.company }).where('id', '=', moved.id).execute();
        await db.updateTable('company').set({ name: 'Société Test' }).where('id', '=', suite.fixture.company).execute();
        await db.deleteFrom('company').where('id', '=', other.id).execute();
      }
      assert.deepEqual([await total('societe test'), await total('verrerie')], [15, 0]);
    });

    it('shows my, my team’s and all contacts, and filters standby, late and company', async () => {
      const mine = await list({ scope: 'my', perPage: 100 });
      assert.deepEqual(new Set(mine.body.data?.items.map((c) => c.owner.trigram)), new Set(['COM']));
      // COM's leader is DIR: the team is DIR and those DIR leads (REC, OFF), never COM.
      const team = await list({ scope: 'team', perPage: 100 });
      assert.deepEqual(new Set(team.body.data?.items.map((c) => c.owner.trigram)), new Set(['DIR', 'REC', 'OFF']));
      const all = await list({ perPage: 100 });
      assert.equal(all.body.data?.total, 15);
      const standby = await list({ standby: true, perPage: 100 });
      assert.ok(standby.body.data!.items.every((c) => !c.isActive));
      assert.equal(standby.body.data?.total, 8);
      // Every fixture owner has a pending todo due 2026-03-10 on their active contact: late now.
      const late = await list({ late: true, perPage: 100 });
      assert.equal(late.body.data?.total, 7);
      const durand = late.body.data!.items.find((c) => c.lastName === 'Durand COM')!;
      assert.deepEqual(
        [durand.nextTodo?.deadline, durand.nextTodo?.task.description, durand.lastTodo?.deadline],
        ['2026-03-10', 'Appel de suivi', '2026-02-10'],
      );
      assert.equal((await list({ companyId: suite.fixture.company })).body.data?.total, 15);
    });

    it('pages and sorts on every column both ways, and bounds its parameters', async () => {
      const byName = await list({ perPage: 100, sort: 'name' });
      const ordered = names(byName)!;
      assert.equal(ordered[0], 'Paul Durand ADM');
      assert.deepEqual(names(await list({ perPage: 3, page: 2, sort: 'name' })), ordered.slice(3, 6));
      assert.deepEqual(names(await list({ perPage: 100, sort: 'name', order: 'desc' })), [...ordered].reverse());
      for (const sort of ['company', 'jobTitle', 'phone', 'email', 'owner', 'nextTodo', 'lastTodo', 'isActive']) {
        for (const order of ['asc', 'desc']) {
          const answer = await list({ sort, order, perPage: 100 });
          assert.equal(answer.body.data?.total, 15, `${sort} ${order}`);
        }
      }
      const soonest = await list({ sort: 'nextTodo', perPage: 1 });
      assert.equal(soonest.body.data?.items[0].nextTodo?.deadline, '2026-03-10');
      for (const query of [{ perPage: 101 }, { page: -1 }, { sort: 'secret' }, { scope: 'mine' }, { standby: 'oui' }]) {
        const answer = await list(query);
        assert.deepEqual([answer.status, answer.body.errors[0]?.message], [422, 'dataInvalid'], JSON.stringify(query));
      }
    });

    it('warns of duplicates by e-mail, phone, or name in the same company, leaving out the contact itself', async () => {
      const created = (await list({ search: 'heloise' })).body.data!.items[0];
      const duplicates = await call<ContactDuplicate[]>(suite.app, 'GET', '/contacts/duplicates', {
        token: suite.tokens.REC,
        query: {
          email: 'Heloise.Lefevre@example.fr',
          phone: '0033612345678',
          firstName: 'HELOISE',
          lastName: 'lefevre',
          companyId: suite.fixture.company,
        },
      });
      assert.deepEqual(duplicates.body.data, [
        { contact: duplicates.body.data![0].contact, reasons: ['email', 'phone', 'name'] },
      ]);
      assert.equal(duplicates.body.data![0].contact.id, created.id);
      const itself = await call<ContactDuplicate[]>(suite.app, 'GET', '/contacts/duplicates', {
        token: suite.tokens.REC,
        query: { email: 'heloise.lefevre@example.fr', excludeId: created.id },
      });
      assert.deepEqual(itself.body.data, []);
    });

    it('lists a contact’s todos for anyone who reads contacts: pending by deadline first, then done', async () => {
      const durand = suite.fixture.active.COM;
      const answer = await call<Todo[]>(suite.app, 'GET', `/contact/${durand}/todos`, { token: suite.tokens.REC });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const todos = answer.body.data!;
      assert.ok(todos.length > 0 && todos.every((todo) => todo.contact.id === durand));
      const pending = todos.filter((todo) => !todo.isAccomplished);
      assert.deepEqual(todos.slice(0, pending.length), pending, 'pending ones first');
      assert.deepEqual(
        pending.map((todo) => todo.deadline),
        pending.map((todo) => todo.deadline).sort(),
      );
      const missing = await call(suite.app, 'GET', '/contact/999999/todos', { token: suite.tokens.REC });
      assert.deepEqual([missing.status, missing.body.errors[0]?.message], [404, 'modelNotFound']);
    });

    it('refuses to deactivate a contact with a pending todo', async () => {
      const durand = suite.fixture.active.COM;
      const current = (await call<Contact>(suite.app, 'GET', `/contact/${durand}`, { token: suite.tokens.COM })).body
        .data!;
      const answer = await call(suite.app, 'POST', `/contact/${durand}/store`, {
        token: suite.tokens.COM,
        fields: {
          title: current.title,
          firstName: current.firstName,
          lastName: current.lastName,
          companyId: suite.fixture.company,
          ownerId: current.ownerId,
          isActive: false,
          version: current.version,
        },
      });
      assert.deepEqual(
        [answer.status, answer.body.errors],
        [409, [{ message: 'cantDeactivateContactWithTodos', field: 'isActive' }]],
      );
    });

    it('reassigns a selection for a leader only, with history', async () => {
      const ids = [suite.fixture.standby.COM, suite.fixture.standby.REC];
      const refused = await call(suite.app, 'POST', '/contacts/owner', {
        token: suite.tokens.COM,
        fields: { ids, ownerId: suite.fixture.users.DIR },
      });
      assert.deepEqual([refused.status, refused.body.errors], [403, [{ message: 'forbidden' }]]);
      const done = await call(suite.app, 'POST', '/contacts/owner', {
        token: suite.tokens.DIR,
        fields: { ids, ownerId: suite.fixture.users.DIR },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const owners = await suite.database.db.selectFrom('contact').select('owner_id').where('id', 'in', ids).execute();
      assert.deepEqual(
        owners.map((row) => row.owner_id),
        [suite.fixture.users.DIR, suite.fixture.users.DIR],
      );
      const unknown = await call(suite.app, 'POST', '/contacts/owner', {
        token: suite.tokens.DIR,
        fields: { ids: [999999], ownerId: suite.fixture.users.DIR },
      });
      assert.deepEqual([unknown.status, unknown.body.errors], [404, [{ message: 'modelNotFound', field: 'ids' }]]);
      const inactiveOwner = await call(suite.app, 'POST', '/contacts/owner', {
        token: suite.tokens.DIR,
        fields: { ids, ownerId: suite.fixture.users.OFF },
      });
      assert.deepEqual(
        [inactiveOwner.status, inactiveOwner.body.errors],
        [422, [{ message: 'dataInvalid', field: 'ownerId' }]],
      );
    });

    it('merges a duplicate: its todos move to the kept contact, which keeps the chosen fields; the duplicate leaves', async () => {
      const kept = (await list({ search: 'heloise' })).body.data!.items[0];
      const duplicate = suite.fixture.active.REC;
      const todosBefore = await suite.database.db
        .selectFrom('todo')
        .select('id')
        .where('contact_id', '=', duplicate)
        .execute();
      assert.ok(todosBefore.length > 0);
      const answer = await call<Contact>(suite.app, 'POST', `/contact/${kept.id}/merge`, {
        token: suite.tokens.DIR,
        fields: {
          ...fields({ jobTitle: 'Acheteuse' }),
          duplicateId: duplicate,
          version: await versionOf(kept.id),
          duplicateVersion: await versionOf(duplicate),
        },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(
        [answer.body.data?.jobTitle, answer.body.data?.isActive, answer.body.data?.nextTodo?.deadline],
        ['Acheteuse', true, '2026-03-10'],
      );
      const moved = await suite.database.db
        .selectFrom('todo')
        .select('contact_id')
        .where(
          'id',
          'in',
          todosBefore.map((t) => t.id),
        )
        .execute();
      assert.ok(moved.every((row) => row.contact_id === kept.id));
      const gone = (await call<Contact>(suite.app, 'GET', `/contact/${duplicate}`, { token: suite.tokens.DIR })).body
        .data!;
      assert.deepEqual([gone.isActive, gone.mergedIntoId], [false, kept.id]);
      const actions = await suite.database.db
        .selectFrom('history')
        .select('action')
        .where('entity', '=', 'contact')
        .where('entity_id', 'in', [kept.id, duplicate])
        .execute();
      assert.ok(actions.some((row) => row.action === 'merge') && actions.some((row) => row.action === 'mergedInto'));
      // The todos answer the kept contact now.
      const todos = await call<Todo[]>(suite.app, 'GET', '/todos', { token: suite.tokens.REC });
      assert.ok(todos.body.data!.some((todo) => todo.contact.id === kept.id));
      const self = await call(suite.app, 'POST', `/contact/${kept.id}/merge`, {
        token: suite.tokens.DIR,
        fields: { ...fields(), duplicateId: kept.id, version: 1, duplicateVersion: 1 },
      });
      assert.deepEqual([self.status, self.body.errors], [422, [{ message: 'dataInvalid', field: 'duplicateId' }]]);
    });

    it('refuses a save made from an older version, naming who changed the contact and when, and changes nothing', async () => {
      const id = (await create({ firstName: 'Version', lastName: 'Lue', email: 'version.lue@example.fr', phone: null }))
        .body.data!.id;
      const read = (await call<Contact>(suite.app, 'GET', `/contact/${id}`, { token: suite.tokens.COM })).body.data!;
      const base = {
        title: read.title,
        firstName: read.firstName,
        lastName: read.lastName,
        email: read.email,
        companyId: suite.fixture.company,
        ownerId: read.ownerId,
      };
      const first = await call<Contact>(suite.app, 'POST', `/contact/${id}/store`, {
        token: suite.tokens.DIR,
        fields: { ...base, jobTitle: 'Acheteur', version: read.version },
      });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.data!.version, read.version + 1);
      const before = await snapshot(suite.database.db);
      const second = await call(suite.app, 'POST', `/contact/${id}/store`, {
        token: suite.tokens.COM,
        fields: { ...base, jobTitle: 'Comptable', version: read.version },
      });
      assert.equal(second.status, 409);
      const [error] = second.body.errors;
      assert.equal(error.message, 'editConflict');
      assert.equal(error.conflict?.version, read.version + 1);
      assert.equal(error.conflict?.changedBy?.trigram, 'DIR');
      assert.ok(error.conflict?.changedAt !== null && !Number.isNaN(Date.parse(error.conflict?.changedAt ?? '')));
      assert.deepEqual(await snapshot(suite.database.db), before);
      const again = await call<Contact>(suite.app, 'POST', `/contact/${id}/store`, {
        token: suite.tokens.COM,
        fields: { ...base, jobTitle: 'Comptable', version: read.version + 1 },
      });
      assert.equal(again.body.data?.jobTitle, 'Comptable');
    });

    it('lets only a leader or an admin change an owner, through the form as through the reassignment', async () => {
      const id = (
        await create({ firstName: 'Porte', lastName: 'Dérobée', email: 'porte.derobee@example.fr', phone: null })
      ).body.data!.id;
      const read = (await call<Contact>(suite.app, 'GET', `/contact/${id}`, { token: suite.tokens.COM })).body.data!;
      const changes = {
        title: read.title,
        firstName: read.firstName,
        lastName: read.lastName,
        companyId: suite.fixture.company,
        version: read.version,
      };
      const before = await snapshot(suite.database.db);
      const refused = await call(suite.app, 'POST', `/contact/${id}/store`, {
        token: suite.tokens.COM,
        fields: { ...changes, ownerId: suite.fixture.users.DIB },
      });
      assert.deepEqual([refused.status, refused.body.errors], [403, [{ message: 'forbidden', field: 'ownerId' }]]);
      assert.deepEqual(await snapshot(suite.database.db), before);
      const byLeader = await call<Contact>(suite.app, 'POST', `/contact/${id}/store`, {
        token: suite.tokens.DIR,
        fields: { ...changes, ownerId: suite.fixture.users.DIB },
      });
      assert.equal(byLeader.body.data?.ownerId, suite.fixture.users.DIB);
    });

    it('keeps a contact of an inactive company en veille, and a merged contact gone, whatever adds them a todo', async () => {
      const { db } = suite.database;
      const closed = await db
        .insertInto('company')
        .values({
          name: 'Close Veille',
          registration_id: '40483304800022',
          owner_id: suite.fixture.users.DIR,
          is_active: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sleeping = await db
        .insertInto('contact')
        .values({
          title: 'madam',
          first_name: 'Dans',
          last_name: 'Fermée',
          company_id: closed.id,
          owner_id: suite.fixture.users.COM,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await snapshot(db);
      const added = await call(
        suite.app,
        'POST',
        `/contact/${sleeping.id}/task/${suite.fixture.tasks.call}/todo/store`,
        { token: suite.tokens.COM, fields: { deadline: '2030-01-01' } },
      );
      assert.deepEqual([added.status, added.body.errors], [409, [{ message: 'inactiveCompany' }]]);
      assert.deepEqual(await snapshot(db), before);
      // Not even in SQL: the database holds the rule.
      await assert.rejects(
        db
          .insertInto('todo')
          .values({
            contact_id: sleeping.id,
            task_id: suite.fixture.tasks.call,
            owner_id: suite.fixture.users.COM,
            deadline: '2030-01-01',
          })
          .execute(),
        /inactiveCompany/,
      );
      const kept = (
        await create({ firstName: 'Gardé', lastName: 'Fusion', email: 'garde.fusion@example.fr', phone: null })
      ).body.data!;
      const gone = (
        await create({ firstName: 'Parti', lastName: 'Fusion', email: 'parti.fusion@example.fr', phone: null })
      ).body.data!;
      const merged = await call(suite.app, 'POST', `/contact/${kept.id}/merge`, {
        token: suite.tokens.DIR,
        fields: {
          ...fields({ firstName: 'Gardé', lastName: 'Fusion', email: 'garde.fusion@example.fr', phone: null }),
          duplicateId: gone.id,
          version: kept.version,
          duplicateVersion: gone.version,
        },
      });
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
      const revived = await call(suite.app, 'POST', `/contact/${gone.id}/task/${suite.fixture.tasks.call}/todo/store`, {
        token: suite.tokens.COM,
        fields: { deadline: '2030-01-01' },
      });
      assert.deepEqual(
        [revived.status, revived.body.errors],
        [404, [{ message: 'modelNotFound', field: 'contactId' }]],
      );
      const standby = await call<{ allContacts: { id: number }[] }>(suite.app, 'GET', '/user/contacts/standby', {
        token: suite.tokens.COM,
      });
      assert.ok(!standby.body.data!.allContacts.some((contact) => contact.id === gone.id));
      assert.deepEqual((await list({ search: 'Parti Fusion' })).body.data?.total, 0);
    });

    it('exports the whole list as CSV for French Excel, in the list’s order, every page', async () => {
      const answer = await suite.app.inject({
        method: 'GET',
        url: '/contacts/export?sort=name&order=desc&standby=0',
        headers: { authorization: suite.tokens.DIR },
      });
      assert.equal(answer.statusCode, 200);
      assert.match(String(answer.headers['content-type']), /^text\/csv; charset=utf-8/);
      assert.match(
        String(answer.headers['content-disposition']),
        /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      assert.ok(answer.body.startsWith('\uFEFFCivilité;Prénom;Nom;Société;'));
      const lines = answer.body
        .slice(1)
        .split('\r\n')
        .filter((line) => line !== '');
      const page = await list({ sort: 'name', order: 'desc', standby: false, perPage: 100 }, suite.tokens.DIR);
      assert.equal(lines.length - 1, page.body.data?.total);
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(';').slice(1, 3).join(' ')),
        page.body.data?.items.map((c) => `${c.firstName} ${c.lastName}`),
      );
      assert.match(lines[1], /;\d{2}\/\d{2}\/\d{4};/);
      const refused = await call(suite.app, 'GET', '/contacts/export', { token: suite.tokens.REC });
      assert.deepEqual([refused.status, refused.body.errors], [403, [{ message: 'forbidden' }]]);
      const invalid = await call(suite.app, 'GET', '/contacts/export', {
        token: suite.tokens.DIR,
        query: { sort: 'nope' },
      });
      assert.deepEqual([invalid.status, invalid.body.errors[0]?.message], [422, 'dataInvalid']);
    });

    it('keeps each contact’s next deadline, which the list sorts and filters on, through every write of its todos', async () => {
      const { db } = suite.database;
      // Every contact whose kept deadline is not that of its pending todo due first.
      const drifted = async () => {
        const rows = await db
          .selectFrom('contact as c')
          .select('c.id')
          .where(
            sql<SqlBool>`c.next_deadline is distinct from (select min(t.deadline) from todo t where t.contact_id = c.id and t.is_active and not t.is_accomplished)`,
          )
          .execute();
        return rows.map((row) => row.id);
      };
      const nextOf = async (id: number) =>
        (await call<Contact>(suite.app, 'GET', `/contact/${id}`, { token: suite.tokens.COM })).body.data?.nextTodo
          ?.deadline ?? null;
      const addTodo = async (contactId: number, deadline: string) => {
        const answer = await call<Todo>(
          suite.app,
          'POST',
          `/contact/${contactId}/task/${suite.fixture.tasks.call}/todo/store`,
          { token: suite.tokens.COM, fields: { deadline } },
        );
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return answer.body.data!.id;
      };
      const store = async (path: string, fields: Record<string, unknown>) => {
        const answer = await call(suite.app, 'POST', path, { token: suite.tokens.COM, fields });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
      };
      const contact = (
        await create({ firstName: 'Suivi', lastName: 'Échéance', email: 'suivi@example.fr', phone: null })
      ).body.data!.id;
      const other = (
        await create({ firstName: 'Doublon', lastName: 'Échéance', email: 'doublon@example.fr', phone: null })
      ).body.data!.id;
      const steps: [string, () => Promise<unknown>, string | null][] = [
        ['a first todo', () => addTodo(contact, '2030-05-01'), '2030-05-01'],
        ['an earlier one', () => addTodo(contact, '2030-04-01'), '2030-04-01'],
      ];
      for (const [step, write, expected] of steps) {
        await write();
        assert.equal(await nextOf(contact), expected, step);
      }
      const [first, second] = (
        await db.selectFrom('todo').select('id').where('contact_id', '=', contact).orderBy('deadline').execute()
      ).map((row) => row.id);
      const more: [string, () => Promise<unknown>, string | null][] = [
        ['rescheduled later', () => store(`/todo/${first}/store`, { deadline: '2030-06-01' }), '2030-05-01'],
        [
          'accomplished with a follow-up',
          () =>
            store(`/todo/${second}/task/${suite.fixture.tasks.call}/store`, {
              deadline: '2030-05-01',
              newDeadline: '2030-07-01',
            }),
          '2030-06-01',
        ],
        [
          'accomplished alone',
          () => store(`/todo/${first}/store`, { deadline: '2030-06-01', isAccomplished: 1 }),
          '2030-07-01',
        ],
        [
          'a duplicate with an earlier todo merged in',
          async () => {
            await addTodo(other, '2030-03-01');
            const answer = await call(suite.app, 'POST', `/contact/${contact}/merge`, {
              token: suite.tokens.DIR,
              fields: {
                ...fields({ firstName: 'Suivi', lastName: 'Échéance', email: 'suivi@example.fr', phone: null }),
                duplicateId: other,
                version: await versionOf(contact),
                duplicateVersion: await versionOf(other),
              },
            });
            assert.equal(answer.status, 200, JSON.stringify(answer.body));
          },
          '2030-03-01',
        ],
        [
          'its todo set aside',
          () =>
            db
              .updateTable('todo')
              .set({ is_active: false })
              .where('contact_id', '=', contact)
              .where('deadline', '=', '2030-03-01')
              .execute(),
          '2030-07-01',
        ],
        ['its todos deleted', () => db.deleteFrom('todo').where('contact_id', '=', contact).execute(), null],
      ];
      for (const [step, write, expected] of more) {
        await write();
        assert.equal(await nextOf(contact), expected, step);
        assert.deepEqual(await drifted(), [], step);
      }
      assert.equal(await nextOf(other), null);
      // The late filter reads the kept deadline: a past one is late, a future one is not.
      const later = (await create({ firstName: 'Plus', lastName: 'Tard', email: 'plus.tard@example.fr', phone: null }))
        .body.data!.id;
      await addTodo(contact, '2020-01-01');
      await addTodo(later, '2030-01-01');
      const late = (await list({ late: true, perPage: 100 })).body.data!.items.map((item) => item.id);
      assert.deepEqual([late.includes(contact), late.includes(later)], [true, false]);
    });

    it('tells a contact’s story: its own changes and its todos’, newest first', async () => {
      const durand = suite.fixture.active.DIB;
      const edit = await call(suite.app, 'POST', `/todo/${suite.fixture.pending.DIB}/store`, {
        token: suite.tokens.DIB,
        fields: { deadline: '2026-12-01', notes: 'Décalé' },
      });
      assert.equal(edit.status, 200);
      const story = await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/contact/${durand}/history`, {
        token: suite.tokens.REC,
      });
      assert.deepEqual(
        story.body.data?.items.map((entry) => [entry.entity, entry.label, entry.action]),
        // Its first todo made it active (the fixtures wrote it with no user).
        [
          ['todo', 'Appel de suivi (01/12/2026)', 'update'],
          ['contact', 'Paul Durand DIB', 'activate'],
        ],
      );
      assert.deepEqual(story.body.data?.items[0].changes.deadline, { from: '2026-03-10', to: '2026-12-01' });
      const missing = await call(suite.app, 'GET', '/contact/999999/history', { token: suite.tokens.REC });
      assert.equal(missing.status, 404);
    });
  });
}
