import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  withLuhnCheckDigit,
  type Company,
  type CompanyListItem,
  type CompanyView,
  type HistoryEntry,
  type ListPage,
} from '@bo/contracts/all';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines } from '../../test/harness';

// A valid SIRET for each number: 13 digits completed with their Luhn key.
const siret = (n: number) => withLuhnCheckDigit(String(4_000_000_000_000 + n));

for (const engine of testEngines()) {
  describe(`companies on ${engine}`, () => {
    let suite: SeededSuite;
    // A change made from the company as it is now (its version read first).
    const update = async <T = Company>(id: number, changes: Record<string, unknown>, token = suite.tokens.COM) => {
      const { version } = (await call<Company>(suite.app, 'GET', `/company/${id}`, { token })).body.data!;
      return call<T>(suite.app, 'POST', `/company/${id}/store`, { token, fields: { ...changes, version } });
    };
    const fields = (overrides: Record<string, unknown> = {}) => ({
      name: 'Énergies Nouvelles',
      registrationId: siret(987654),
      ownerId: suite.fixture.users.COM,
      city: 'Lyon',
      postalCode: '69001',
      phone: '0033 3 81 00 00 00',
      website: 'https://energies.example.fr',
      sector: 'Énergie',
      ...overrides,
    });
    const create = (overrides: Record<string, unknown> = {}, token = suite.tokens.COM) =>
      call<Company>(suite.app, 'POST', '/company/store', { token, fields: fields(overrides) });
    const list = (query: Record<string, unknown>, token = suite.tokens.REC) =>
      call<ListPage<CompanyListItem>>(suite.app, 'GET', '/companies', { token, query });

    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('creates a company, normalizes its phone and records its history', async () => {
      const answer = await create({ city: 'Besançon', postalCode: '25000' });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const company = answer.body.data!;
      assert.deepEqual(
        [
          company.name,
          company.registrationId,
          company.phone,
          company.city,
          company.parent,
          company.owner.trigram,
          company.isActive,
        ],
        ['Énergies Nouvelles', siret(987654), '0033381000000', 'Besançon', null, 'COM', true],
      );
      const history = await suite.database.db
        .selectFrom('history')
        .selectAll()
        .where('entity', '=', 'company')
        .where('entity_id', '=', company.id)
        .execute();
      assert.deepEqual(
        history.map((row) => row.action),
        ['create'],
      );
    });

    it('refuses a SIRET already used, a name already used (accents and case ignored), and changes nothing', async () => {
      const before = await snapshot(suite.database.db);
      const sameSiret = await create({ name: 'Autre nom' });
      assert.deepEqual(
        [sameSiret.status, sameSiret.body.errors],
        [409, [{ message: 'existingRegistrationID', field: 'registrationId' }]],
      );
      const sameName = await create({ name: 'ENERGIES nouvelles', registrationId: siret(2) });
      assert.deepEqual([sameName.status, sameName.body.errors], [409, [{ message: 'existingName', field: 'name' }]]);
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('refuses a SIRET that fails its pattern or its Luhn key, and a bad phone, as dataInvalid by field', async () => {
      for (const [registrationId, phone] of [
        ['1234', '0033 3 81 00 00 00'],
        [siret(3).slice(0, 13) + String((Number(siret(3)[13]) + 1) % 10), '0033 3 81 00 00 00'],
        [siret(3), '03 81 00 00 00'],
      ]) {
        const answer = await create({ name: `Refus ${registrationId}`, registrationId, phone });
        assert.equal(answer.status, 422);
        assert.equal(answer.body.errors[0].message, 'dataInvalid');
      }
    });

    it('adds a subsidiary, counts it on the parent, and never places a company under itself or its subsidiary', async () => {
      const parent = (await create({ name: 'Groupe Alpha', registrationId: siret(10) })).body.data!;
      const child = await create({ name: 'Alpha Lyon', registrationId: siret(11), parentId: parent.id });
      assert.equal(child.body.data?.parent?.name, 'Groupe Alpha');
      const view = await call<CompanyView>(suite.app, 'GET', `/company/${parent.id}`, { token: suite.tokens.REC });
      assert.deepEqual(
        view.body.data?.subsidiaries.map((s) => s.name),
        ['Alpha Lyon'],
      );
      const page = await list({ search: 'groupe alpha' });
      assert.equal(page.body.data?.items[0].subsidiaryCount, 1);
      for (const parentId of [parent.id, child.body.data!.id]) {
        const cycle = await update(parent.id, fields({ name: 'Groupe Alpha', registrationId: siret(10), parentId }));
        assert.deepEqual([cycle.status, cycle.body.errors], [422, [{ message: 'dataInvalid', field: 'parentId' }]]);
      }
    });

    it('refuses to deactivate a company with active contacts or active subsidiaries, and a subsidiary under an inactive parent', async () => {
      const withContacts = await update(
        suite.fixture.company,
        fields({ name: 'Société Test', registrationId: '73282932000074', isActive: false }),
        suite.tokens.DIR,
      );
      assert.deepEqual(
        [withContacts.status, withContacts.body.errors],
        [409, [{ message: 'cantDeactivateCompanyWithContacts', field: 'isActive' }]],
      );
      const parent = (await create({ name: 'Groupe Beta', registrationId: siret(20) })).body.data!;
      const child = (await create({ name: 'Beta Nord', registrationId: siret(21), parentId: parent.id })).body.data!;
      const closeParent = () =>
        update(
          parent.id,
          fields({ name: 'Groupe Beta', registrationId: siret(20), isActive: false }),
          suite.tokens.DIR,
        );
      const refused = await closeParent();
      assert.deepEqual(
        [refused.status, refused.body.errors],
        [409, [{ message: 'cantDeactivateCmpanyWithSubsidarie', field: 'isActive' }]],
      );
      const closeChild = await update(
        child.id,
        fields({ name: 'Beta Nord', registrationId: siret(21), parentId: parent.id, isActive: false }),
        suite.tokens.DIR,
      );
      assert.equal(closeChild.status, 200);
      const closed = await closeParent();
      assert.equal(closed.body.data?.isActive, false);
      const underInactive = await create({ name: 'Beta Sud', registrationId: siret(22), parentId: parent.id });
      assert.deepEqual(
        [underInactive.status, underInactive.body.errors],
        [409, [{ message: 'inactiveParentCompany', field: 'parentId' }]],
      );
    });

    it('lets only the roles of the table deactivate: a business team member may edit, not close', async () => {
      const company = (await create({ name: 'Gamma Conseil', registrationId: siret(30) })).body.data!;
      const close = (token: string) =>
        update(company.id, fields({ name: 'Gamma Conseil', registrationId: siret(30), isActive: false }), token);
      assert.deepEqual((await close(suite.tokens.COM)).body.errors, [{ message: 'forbidden' }]);
      const rename = await update(company.id, fields({ name: 'Gamma Conseil et Associés', registrationId: siret(30) }));
      assert.equal(rename.body.data?.name, 'Gamma Conseil et Associés');
      const recruiter = await create({ name: 'Delta', registrationId: siret(31) }, suite.tokens.REC);
      assert.deepEqual([recruiter.status, recruiter.body.errors], [403, [{ message: 'forbidden' }]]);
    });

    it('searches name, SIRET typed in groups and city, accents and case ignored', async () => {
      const byCity = await list({ search: 'BESANCON' });
      assert.deepEqual(
        byCity.body.data?.items.map((c) => c.name),
        ['Énergies Nouvelles'],
      );
      const grouped = '987 654';
      assert.deepEqual(
        (await list({ search: grouped })).body.data?.items.map((c) => c.name),
        ['Énergies Nouvelles'],
      );
      assert.deepEqual(
        (await list({ search: 'energies' })).body.data?.items.map((c) => c.name),
        ['Énergies Nouvelles'],
      );
      assert.equal((await list({ search: '100%' })).body.data?.total, 0);
    });

    it('pages, sorts on every column both ways, filters, and bounds its parameters', async () => {
      const all = await list({ perPage: 100, sort: 'name' });
      const names = all.body.data!.items.map((c) => c.name);
      assert.equal(all.body.data?.total, names.length);
      const second = await list({ perPage: 2, page: 2, sort: 'name' });
      assert.deepEqual(
        second.body.data?.items.map((c) => c.name),
        names.slice(2, 4),
      );
      const desc = await list({ perPage: 100, sort: 'name', order: 'desc' });
      assert.deepEqual(
        desc.body.data?.items.map((c) => c.name),
        [...names].reverse(),
      );
      for (const sort of [
        'registrationId',
        'parent',
        'subsidiaryCount',
        'activeContactCount',
        'postalCode',
        'city',
        'sector',
        'owner',
        'isActive',
      ]) {
        const answer = await list({ sort, order: 'desc' });
        assert.equal(answer.status, 200, sort);
        assert.equal(answer.body.data?.total, names.length, sort);
      }
      const heads = await list({ kind: 'head', perPage: 100 });
      assert.ok(heads.body.data!.items.every((c) => c.parent === null));
      const subsidiaries = await list({ kind: 'subsidiary', perPage: 100 });
      assert.ok(
        subsidiaries.body.data!.items.length > 0 && subsidiaries.body.data!.items.every((c) => c.parent !== null),
      );
      assert.equal(heads.body.data!.total + subsidiaries.body.data!.total, names.length);
      const inactive = await list({ isActive: false });
      assert.deepEqual(
        inactive.body.data?.items.map((c) => c.name),
        ['Groupe Beta', 'Beta Nord'].sort((a, b) => a.localeCompare(b)),
      );
      const mine = await list({ ownerId: suite.fixture.users.ADM });
      assert.deepEqual(
        mine.body.data?.items.map((c) => c.name),
        ['Société Test'],
      );
      for (const query of [
        { perPage: 101 },
        { perPage: 0 },
        { page: 0 },
        { sort: 'password' },
        { order: 'up' },
        { kind: 'branch' },
      ]) {
        const answer = await list(query);
        assert.deepEqual([answer.status, answer.body.errors[0]?.message], [422, 'dataInvalid'], JSON.stringify(query));
      }
    });

    it('keeps its counts true as contacts and subsidiaries come, go and move, and sorts on them', async () => {
      const counted = async () => {
        const page = await list({ perPage: 100, sort: 'activeContactCount', order: 'desc' });
        const items = page.body.data!.items;
        const truth = await suite.database.db
          .selectFrom('company as c')
          .select((eb) => [
            'c.id',
            eb
              .selectFrom('company as s')
              .select((s) => s.fn.countAll<string>().as('n'))
              .whereRef('s.parent_id', '=', 'c.id')
              .as('subsidiaries'),
            eb
              .selectFrom('contact as k')
              .select((k) => k.fn.countAll<string>().as('n'))
              .whereRef('k.company_id', '=', 'c.id')
              .where('k.is_active', '=', true)
              .as('contacts'),
          ])
          .execute();
        for (const item of items) {
          const row = truth.find((candidate) => candidate.id === item.id)!;
          assert.deepEqual(
            [item.subsidiaryCount, item.activeContactCount],
            [Number(row.subsidiaries), Number(row.contacts)],
            item.name,
          );
        }
        const counts = items.map((item) => item.activeContactCount);
        assert.deepEqual(
          counts,
          [...counts].sort((a, b) => b - a),
        );
        return new Map(items.map((item) => [item.id, item]));
      };
      const first = (await create({ name: 'Compteurs Un', registrationId: siret(40) })).body.data!;
      const second = (await create({ name: 'Compteurs Deux', registrationId: siret(41) })).body.data!;
      const contact = (overrides: Record<string, unknown>) => ({
        title: 'madam',
        firstName: 'Anne',
        lastName: 'Compteur',
        ownerId: suite.fixture.users.COM,
        companyId: first.id,
        ...overrides,
      });
      const added = await call<{ id: number }>(suite.app, 'POST', '/contact/store', {
        token: suite.tokens.COM,
        fields: contact({}),
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      // Its first todo makes it active.
      const todo = await call(
        suite.app,
        'POST',
        `/contact/${added.body.data!.id}/task/${suite.fixture.tasks.call}/todo/store`,
        { token: suite.tokens.COM, fields: { deadline: '2030-01-01' } },
      );
      assert.equal(todo.status, 200, JSON.stringify(todo.body));
      assert.equal((await counted()).get(first.id)?.activeContactCount, 1);
      const { version } = (
        await call<{ version: number }>(suite.app, 'GET', `/contact/${added.body.data!.id}`, {
          token: suite.tokens.COM,
        })
      ).body.data!;
      await call(suite.app, 'POST', `/contact/${added.body.data!.id}/store`, {
        token: suite.tokens.COM,
        fields: contact({ companyId: second.id, version }),
      });
      let now = await counted();
      assert.deepEqual([now.get(first.id)?.activeContactCount, now.get(second.id)?.activeContactCount], [0, 1]);
      const moved = await update(
        second.id,
        fields({ name: 'Compteurs Deux', registrationId: siret(41), parentId: first.id }),
      );
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      now = await counted();
      assert.equal(now.get(first.id)?.subsidiaryCount, 1);
    });

    it('shows in the panel the pending todos of the company’s contacts, by deadline', async () => {
      const view = await call<CompanyView>(suite.app, 'GET', `/company/${suite.fixture.company}`, {
        token: suite.tokens.REC,
      });
      const todos = view.body.data!.openTodos;
      assert.equal(todos.length, 7);
      assert.ok(todos.every((todo) => todo.deadline === '2026-03-10' && todo.task.description === 'Appel de suivi'));
      assert.equal(view.body.data?.contacts.length, 14);
    });

    it('answers modelNotFound for a company that does not exist', async () => {
      const answer = await call(suite.app, 'GET', '/company/999999', { token: suite.tokens.COM });
      assert.deepEqual([answer.status, answer.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
    });

    it('exports the filtered list as CSV, SIRET shown in groups', async () => {
      const answer = await suite.app.inject({
        method: 'GET',
        url: '/companies/export?search=alpha&sort=name',
        headers: { authorization: suite.tokens.COM },
      });
      assert.equal(answer.statusCode, 200);
      const lines = answer.body
        .slice(1)
        .split('\r\n')
        .filter((line) => line !== '');
      assert.equal(
        lines[0],
        'Raison sociale;SIRET;Société mère;Filiales;Contacts actifs;Adresse;Code postal;Ville;Téléphone;Site web;Secteur;Propriétaire;Active',
      );
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(';')[0]),
        ['Alpha Lyon', 'Groupe Alpha'],
      );
      assert.equal(
        lines[2].split(';')[1],
        `${siret(10).slice(0, 3)} ${siret(10).slice(3, 6)} ${siret(10).slice(6, 9)} ${siret(10).slice(9)}`,
      );
    });

    it('tells a group’s story newest first: the parent, its subsidiaries and their contacts, each entry named', async () => {
      const parent = (await list({ search: 'groupe alpha' })).body.data!.items[0];
      const child = (await list({ search: 'alpha lyon' })).body.data!.items[0];
      const contact = await call(suite.app, 'POST', '/contact/store', {
        token: suite.tokens.COM,
        fields: {
          title: 'mister',
          firstName: 'Marc',
          lastName: 'Alpha',
          companyId: child.id,
          ownerId: suite.fixture.users.COM,
        },
      });
      assert.equal(contact.status, 200);
      const story = await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/company/${parent.id}/history`, {
        token: suite.tokens.REC,
      });
      assert.equal(story.status, 200, JSON.stringify(story.body));
      assert.deepEqual(
        story.body.data?.items.map((entry) => [entry.entity, entry.label, entry.action, entry.user?.trigram]),
        [
          ['contact', 'Marc Alpha (Alpha Lyon)', 'create', 'COM'],
          ['company', 'Alpha Lyon', 'create', 'COM'],
          ['company', 'Groupe Alpha', 'create', 'COM'],
        ],
      );
      const second = await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/company/${parent.id}/history`, {
        token: suite.tokens.REC,
        query: { perPage: 2, page: 2 },
      });
      assert.deepEqual([second.body.data?.total, second.body.data?.items.length], [3, 1]);
      const beyond = await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/company/${parent.id}/history`, {
        token: suite.tokens.REC,
        query: { page: 9 },
      });
      assert.deepEqual(beyond.body.data, { items: [], total: 3 });
      const subsidiaryOnly = await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/company/${child.id}/history`, {
        token: suite.tokens.REC,
      });
      assert.equal(subsidiaryOnly.body.data?.total, 2);
    });
  });
}
