import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { withLuhnCheckDigit, type SearchHit } from '@bo/contracts/all';
import { sql } from 'kysely';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, testEngines } from '../../test/harness';

// The search box (docs/search.md): every kind the caller may read, accents and case ignored, the best match first.
for (const engine of testEngines()) {
  describe(`GET /search on ${engine}`, () => {
    let suite: SeededSuite;
    const search = async (q: string, trigram = 'COM') => {
      const answer = await call<SearchHit[]>(suite.app, 'GET', '/search', {
        token: suite.tokens[trigram],
        query: { q },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data!;
    };
    const brief = (hits: SearchHit[]) => hits.map((hit) => `${hit.kind} ${hit.label}`);

    before(async () => {
      suite = await openSeededSuite(engine);
      await suite.database.db
        .insertInto('company')
        .values([
          { name: 'Écrins Conseil', registration_id: '55208131766522', owner_id: suite.fixture.users.COM, city: 'Gap' },
          { name: 'Les Monts Écrins', registration_id: '44306184100047', owner_id: suite.fixture.users.COM },
        ])
        .execute();
      const status = await suite.database.db
        .insertInto('needs_sheet_status')
        .values({ label: 'Nouveau', color: '#2563eb' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await suite.database.db
        .insertInto('needs_sheet')
        .values({
          reference: 'BES-2026-0042',
          company_id: suite.fixture.company,
          contact_id: suite.fixture.active.COM,
          title: 'Développeur Java',
          seniority: 'senior',
          contract_type: 'regie',
          owner_id: suite.fixture.users.COM,
          received_date: '2026-11-02',
          deadline: '2026-12-15',
          status_id: status.id,
        })
        .execute();
    });
    after(() => suite.close());

    it('finds contacts and companies alike, accents and case ignored, the text at a name’s start first', async () => {
      const hits = await search('ECRIN');
      assert.deepEqual(
        brief(hits.filter((hit) => hit.kind === 'company')),
        ['company Écrins Conseil', 'company Les Monts Écrins'],
        'the name starting with it first',
      );
      const contacts = hits.filter((hit) => hit.kind === 'contact');
      assert.ok(contacts.length > 0 && contacts.every((hit) => hit.label.startsWith('Élise Écrin')));
      assert.deepEqual(
        [...new Set(hits.map((hit) => hit.kind))],
        ['contact', 'company'],
        'grouped, contacts before companies',
      );
      assert.equal(hits.find((hit) => hit.label === 'Écrins Conseil')?.detail, 'Gap');
      assert.equal(contacts.find((hit) => hit.label === 'Élise Écrin COM')?.detail, 'Société Test');
    });

    it('with two characters, finds the names starting with them', async () => {
      const hits = await search('du');
      assert.ok(hits.length > 0);
      assert.ok(
        hits.every((hit) => hit.kind === 'contact' && hit.label.startsWith('Paul Durand')),
        JSON.stringify(hits),
      );
      assert.ok(hits.length <= 6, 'six per kind at most');
    });

    it('finds a company by its SIRET and a sheet by its reference, and no merged contact', async () => {
      assert.deepEqual(brief(await search('732829')), ['company Société Test']);
      assert.deepEqual(
        (await search('bes-2026-0042')).map((hit) => [hit.kind, hit.label, hit.detail, hit.active]),
        [['needsSheet', 'BES-2026-0042 — Développeur Java', 'Société Test', true]],
      );
      assert.deepEqual(brief(await search('developpeur')), ['needsSheet BES-2026-0042 — Développeur Java']);
      await sql`update contact set merged_into_id = ${suite.fixture.active.DIR} where id = ${suite.fixture.active.COM}`.execute(
        suite.database.db,
      );
      assert.ok(!(await search('durand com')).some((hit) => hit.id === suite.fixture.active.COM));
    });

    it('keeps the six best: names starting with the text in use first, then the others by rank', async () => {
      // Zéphyr 0 (closed) sorts first by name; « Les Zéphyrs » has the text at a word's start only.
      const names = ['Zéphyr 0', ...[1, 2, 3, 4, 5, 6, 7].map((n) => `Zéphyr ${n}`), 'Les Zéphyrs'];
      await suite.database.db
        .insertInto('company')
        .values(
          names.map((name, index) => ({
            name,
            registration_id: withLuhnCheckDigit(`9${String(index).padStart(12, '0')}`),
            owner_id: suite.fixture.users.COM,
            is_active: name !== 'Zéphyr 0',
          })),
        )
        .execute();
      const companies = async (q: string) =>
        (await search(q)).filter((hit) => hit.kind === 'company').map((hit) => hit.label);
      assert.deepEqual(await companies('zephyr'), names.slice(1, 7), 'the first six in use, by name');
      await sql`update company set is_active = false where name in ('Zéphyr 2', 'Zéphyr 3', 'Zéphyr 4', 'Zéphyr 5', 'Zéphyr 6')`.execute(
        suite.database.db,
      );
      assert.deepEqual(
        await companies('ZÉPHYR'),
        ['Zéphyr 1', 'Zéphyr 7', 'Zéphyr 0', 'Zéphyr 2', 'Zéphyr 3', 'Zéphyr 4'],
        'the two in use, then the names starting with it no longer in use, before a word starting with it',
      );
      assert.deepEqual(await companies('zephyrs'), ['Les Zéphyrs'], 'a word starting with it');
    });

    it('shows the users to an admin only', async () => {
      const forAdmin = await search('Prénom DIR', 'ADM');
      assert.deepEqual(
        forAdmin.filter((hit) => hit.kind === 'user').map((hit) => [hit.label, hit.detail]),
        [['Prénom DIR Nom DIR', 'DIR']],
      );
      assert.deepEqual(
        (await search('Prénom DIR', 'COM')).filter((hit) => hit.kind === 'user'),
        [],
        'not to anyone else',
      );
      assert.deepEqual(
        (await search('off', 'ADM')).filter((hit) => hit.kind === 'user').map((hit) => [hit.detail, hit.active]),
        [['OFF', false]],
        'a deactivated user, marked so',
      );
      assert.ok(
        (await search('ff', 'ADM')).some((hit) => hit.kind === 'user' && hit.detail === 'OFF'),
        'with two characters too: the users are few, found wherever the text stands',
      );
    });

    it('refuses a text too short, too long or missing, and a caller without a session', async () => {
      for (const query of [{ q: 'a' }, { q: '  b ' }, { q: 'x'.repeat(201) }, {}]) {
        const answer = await call(suite.app, 'GET', '/search', { token: suite.tokens.COM, query });
        assert.deepEqual(
          [answer.status, answer.body.errors?.[0]?.message],
          [422, 'dataInvalid'],
          JSON.stringify(query),
        );
      }
      const anonymous = await call(suite.app, 'GET', '/search', { query: { q: 'durand' } });
      assert.equal(anonymous.status, 401);
    });
  });
}
