import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  addDays,
  needsSheetReference,
  needsSheetStorePayloadSchema,
  toBusinessIsoDate,
  withLuhnCheckDigit,
  type HistoryEntry,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetListItem,
  type NeedsSheetModel,
  type NeedsSheetSearchItem,
  type NeedsSheetStatus,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import { defaultDbTimeouts } from '../../config';
import type { Db } from '../../db/database';
import { ensureReferenceSequence, setLastReferenceNumber } from '../../db/needs-sheet-references';
import { createHistoryRepository, type HistoryRepository } from '../../repositories/history';
import { createNeedsSheetRepository, nextNeedsSheetReference, oneWord } from '../../repositories/needs-sheets';
import type { NeedsSheetFilters } from '../../repositories/needs-sheets-filters';
import { pageStatementName } from '../../repositories/needs-sheets-search';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, login, snapshot, testEngines } from '../../test/harness';

// What ts_rank gives each sheet matching the text, in the list's order (rank, then the newest first).
async function rankedMatches(db: Db, text: string, where: string): Promise<[number, number][]> {
  const { rows } = await sql<{ id: number; rank: number }>`
    select id, ts_rank(search_vector, websearch_to_tsquery('bo_french', ${text})) as rank from needs_sheet
    where search_vector @@ websearch_to_tsquery('bo_french', ${text}) and ${sql.raw(where)}
    order by rank desc, id desc`.execute(db);
  return rows.map((row) => [row.id, Number(row.rank)]);
}

const today = () => toBusinessIsoDate(new Date());
const year = () => today().slice(0, 4);

for (const engine of testEngines()) {
  describe(`needs sheets on ${engine}`, () => {
    let suite: SeededSuite;
    const status: Record<string, NeedsSheetStatus> = {};

    const fields = (overrides: Record<string, unknown> = {}) => ({
      companyId: suite.fixture.company,
      contactId: suite.fixture.active.COM,
      title: 'Développeur Java confirmé',
      description: 'Refonte du portail client en microservices.',
      skills: ['Java', 'Spring Boot'],
      niceToHave: ['Kafka'],
      seniority: 'confirmed',
      place: 'Lyon',
      remoteDays: 2,
      contractType: 'regie',
      rateMin: 500,
      rateMax: 650,
      positions: 2,
      priority: 'high',
      ownerId: suite.fixture.users.COM,
      recruiterIds: [suite.fixture.users.REC],
      ...overrides,
    });
    // A change made from the sheet as it is now (its version read first), as the panel makes it.
    const versioned = async <T = unknown>(
      path: string,
      options: { token: string; fields: Record<string, unknown> },
    ) => {
      const id = Number(path.split('/')[2]);
      const read = await call<NeedsSheet>(suite.app, 'GET', `/need/${id}`, { token: options.token });
      return call<T>(suite.app, 'POST', path, {
        token: options.token,
        fields: { ...options.fields, version: read.body.data?.version ?? 1 },
      });
    };
    const create = (overrides: Record<string, unknown> = {}, token = suite.tokens.COM) =>
      call<NeedsSheet>(suite.app, 'POST', '/need/store', { token, fields: fields(overrides) });
    const list = (query: Record<string, unknown>, token = suite.tokens.REC) =>
      call<ListPage<NeedsSheetListItem>>(suite.app, 'GET', '/needs', { token, query });
    const search = (query: Record<string, unknown>, token = suite.tokens.REC) =>
      call<ListPage<NeedsSheetSearchItem>>(suite.app, 'GET', '/needs/search', { token, query });
    const storyOf = async (id: number) =>
      (await call<ListPage<HistoryEntry>>(suite.app, 'GET', `/need/${id}/history`, { token: suite.tokens.REC })).body
        .data!.items;

    before(async () => {
      suite = await openSeededSuite(engine);
      for (const [label, color, closes] of [
        ['Nouveau', '#2563eb', false],
        ['En cours', '#d97706', false],
        ['Pourvu', '#059669', true],
      ] as const) {
        const answer = await call<NeedsSheetStatus>(suite.app, 'POST', '/admin/need-status/store', {
          token: suite.tokens.ADM,
          fields: { label, color, closes, order: Object.keys(status).length * 10 },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        status[label] = answer.body.data!;
      }
    });
    after(() => suite.close());

    it('creates a sheet: a server reference, the first status, the deadline 10 days after it was received, its history', async () => {
      const answer = await create();
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const sheet = answer.body.data!;
      assert.match(sheet.reference, new RegExp(`^BES-${year()}-\\d{4}$`));
      assert.deepEqual(
        [
          sheet.status.label,
          sheet.receivedDate,
          sheet.deadline,
          sheet.skills,
          sheet.recruiters.map((r) => r.trigram),
          sheet.company.name,
          sheet.isLate,
        ],
        ['Nouveau', today(), addDays(today(), 10), ['Java', 'Spring Boot'], ['REC'], 'Société Test', false],
      );
      const story = await storyOf(sheet.id);
      assert.deepEqual(
        story.map((entry) => [entry.action, entry.user?.trigram]),
        [['create', 'COM']],
      );
      assert.equal(story[0].changes.reference.to, sheet.reference);
    });

    it('takes a received date and a deadline as given (Unix seconds or yyyy-MM-dd), and a model’s delay', async () => {
      const given = await create({ receivedDate: '2026-01-05', deadline: '2026-02-01' });
      assert.deepEqual(
        [given.body.data?.receivedDate, given.body.data?.deadline, given.body.data?.isLate],
        ['2026-01-05', '2026-02-01', today() > '2026-02-01'],
      );
      const model = await call<NeedsSheetModel>(suite.app, 'POST', '/need-model/store', {
        token: suite.tokens.DIR,
        fields: {
          title: 'Comptable unique',
          skills: ['Sage'],
          seniority: 'senior',
          contractType: 'permanent',
          delay: 20,
        },
      });
      assert.equal(model.status, 200, JSON.stringify(model.body));
      const seconds = Math.floor(Date.parse('2026-03-02T10:00:00Z') / 1000);
      const fromModel = await create({ modelId: model.body.data!.id, receivedDate: seconds });
      assert.deepEqual(
        [fromModel.body.data?.receivedDate, fromModel.body.data?.deadline],
        ['2026-03-02', '2026-03-22'],
      );
    });

    it('gives each of concurrent creations its own reference, numbered in sequence', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => create({ title: 'Création concurrente' })));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        Array(8).fill(200),
      );
      const references = answers.map((answer) => answer.body.data!.reference);
      assert.equal(new Set(references).size, 8);
      const numbers = references.map((reference) => Number(reference.slice(-4))).sort((a, b) => a - b);
      assert.deepEqual(
        numbers,
        Array.from({ length: 8 }, (_, i) => numbers[0] + i),
      );
    });

    it('refuses an inactive company or contact (inactiveCompany), a contact of another company, bad input; changes nothing', async () => {
      const inactive = await suite.database.db
        .insertInto('company')
        .values({
          name: 'Société fermée',
          registration_id: withLuhnCheckDigit('5000000000001'),
          owner_id: suite.fixture.users.ADM,
          is_active: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const elsewhere = await suite.database.db
        .insertInto('contact')
        .values({
          title: 'mister',
          first_name: 'Hors',
          last_name: 'Société',
          company_id: inactive.id,
          owner_id: suite.fixture.users.COM,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await snapshot(suite.database.db);
      const closedCompany = await create({ companyId: inactive.id, contactId: elsewhere.id });
      assert.deepEqual(
        [closedCompany.status, closedCompany.body.errors],
        [409, [{ message: 'inactiveCompany', field: 'companyId' }]],
      );
      const sleepingContact = await create({ contactId: suite.fixture.standby.COM });
      assert.deepEqual(
        [sleepingContact.status, sleepingContact.body.errors],
        [409, [{ message: 'inactiveCompany', field: 'contactId' }]],
      );
      const wrongCompany = await create({ contactId: elsewhere.id });
      assert.deepEqual(
        [wrongCompany.status, wrongCompany.body.errors],
        [422, [{ message: 'dataInvalid', field: 'contactId' }]],
      );
      for (const bad of [
        { seniority: 'guru' },
        { rateMin: 900, rateMax: 100 },
        { title: '' },
        { skills: 'Java' },
        { positionsFilled: 3 },
        { remoteDays: 6 },
      ]) {
        const answer = await create(bad);
        assert.equal(answer.status, 422, JSON.stringify(bad));
        assert.equal(answer.body.errors[0].message, 'dataInvalid');
      }
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('lets the business side create and edit, the recruiter read and change the status; statuses are admin only', async () => {
      const sheet = (await create({ title: 'Droits' })).body.data!;
      for (const trigram of ['ADM', 'DIR', 'COM'])
        assert.equal((await create({ title: `Par ${trigram}` }, suite.tokens[trigram])).status, 200, trigram);
      const refused = await create({}, suite.tokens.REC);
      assert.deepEqual([refused.status, refused.body.errors], [403, [{ message: 'forbidden' }]]);
      const edit = await versioned(`/need/${sheet.id}/store`, { token: suite.tokens.REC, fields: fields() });
      assert.equal(edit.status, 403);
      for (const trigram of ['ADM', 'DIR', 'COM', 'REC']) {
        assert.equal(
          (await call(suite.app, 'GET', `/need/${sheet.id}`, { token: suite.tokens[trigram] })).status,
          200,
          trigram,
        );
        assert.equal(
          (await call(suite.app, 'GET', '/need-statuses', { token: suite.tokens[trigram] })).status,
          200,
          trigram,
        );
        const statusCall = await versioned(`/need/${sheet.id}/status`, {
          token: suite.tokens[trigram],
          fields: { statusId: status['En cours'].id },
        });
        assert.equal(statusCall.status, 200, trigram);
      }
      for (const trigram of ['DIR', 'COM', 'REC']) {
        const admin = await call(suite.app, 'POST', '/admin/need-status/store', {
          token: suite.tokens[trigram],
          fields: { label: 'Interdit', color: '#000000' },
        });
        assert.deepEqual([admin.status, admin.body.errors], [403, [{ message: 'forbidden' }]], trigram);
      }
      for (const [trigram, expected] of [
        ['COM', 403],
        ['REC', 403],
        ['DIR', 200],
      ] as const) {
        const model = await call(suite.app, 'POST', '/need-model/store', {
          token: suite.tokens[trigram],
          fields: { title: `Modèle ${trigram}` },
        });
        assert.equal(model.status, expected, trigram);
      }
      const exported = await suite.app.inject({
        method: 'GET',
        url: '/needs/export',
        headers: { authorization: suite.tokens.REC },
      });
      assert.equal(exported.statusCode, 403);
    });

    it('changes a status with a comment: who, when, from what to what, in the history; closing ends lateness', async () => {
      const sheet = (await create({ title: 'Suivi de statut', receivedDate: '2026-01-02', deadline: '2026-01-10' }))
        .body.data!;
      assert.equal(sheet.isLate, true);
      const changed = await versioned<NeedsSheet>(`/need/${sheet.id}/status`, {
        token: suite.tokens.REC,
        fields: { statusId: status.Pourvu.id, comment: 'Deux candidats retenus' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual([changed.body.data?.status.label, changed.body.data?.isLate], ['Pourvu', false]);
      const [last] = await storyOf(sheet.id);
      assert.deepEqual(
        [last.action, last.user?.trigram, last.changes],
        ['status', 'REC', { status: { from: 'Nouveau', to: 'Pourvu' }, comment: { to: 'Deux candidats retenus' } }],
      );
      const unknown = await versioned(`/need/${sheet.id}/status`, {
        token: suite.tokens.REC,
        fields: { statusId: 999999 },
      });
      assert.deepEqual([unknown.status, unknown.body.errors], [422, [{ message: 'dataInvalid', field: 'statusId' }]]);
    });

    it('lets a recruiter change the status of the sheets they are assigned to only, the business side any sheet’s', async () => {
      const { db } = suite.database;
      const { users } = suite.fixture;
      const change = (id: number, trigram: string, statusId: number, comment?: string) =>
        versioned<NeedsSheet>(`/need/${id}/status`, { token: suite.tokens[trigram], fields: { statusId, comment } });
      const assigned = (await create({ title: 'Confiée à REC' })).body.data!;
      const elsewhere = (await create({ title: 'Confiée à COB', recruiterIds: [users.COB] })).body.data!;

      const before = await snapshot(db);
      const refused = await change(elsewhere.id, 'REC', status['En cours'].id, 'Je prends');
      assert.deepEqual([refused.status, refused.body.errors], [403, [{ message: 'forbidden' }]]);
      assert.equal(await snapshot(db), before, 'nothing changed: status, history, status steps');
      const unknown = await change(999999, 'REC', status['En cours'].id);
      assert.deepEqual([unknown.status, unknown.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);

      const allowed = await change(assigned.id, 'REC', status['En cours'].id, 'Trois profils');
      assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
      assert.equal(allowed.body.data?.status.label, 'En cours');
      // Each status the sheet entered, beside the history line that tells it.
      const steps = await db
        .selectFrom('needs_sheet_status_change as c')
        .leftJoin('history as h', 'h.id', 'c.history_id')
        .select(['c.status_id', 'c.user_id', 'h.action'])
        .where('c.needs_sheet_id', '=', assigned.id)
        .orderBy('c.id')
        .execute();
      assert.deepEqual(steps, [
        { status_id: status.Nouveau.id, user_id: users.COM, action: 'create' },
        { status_id: status['En cours'].id, user_id: users.REC, action: 'status' },
      ]);

      // The business side keeps its rights on a sheet it does not work.
      for (const [trigram, target] of [
        ['COM', 'En cours'],
        ['DIR', 'Nouveau'],
        ['ADM', 'En cours'],
      ] as const) {
        const answer = await change(elsewhere.id, trigram, status[target].id);
        assert.deepEqual([answer.status, answer.body.data?.status.label], [200, target], trigram);
      }

      // Taken off the sheet, the recruiter may no longer change it.
      const unassigned = await versioned(`/need/${assigned.id}/store`, {
        token: suite.tokens.DIR,
        fields: fields({ title: 'Confiée à REC', recruiterIds: [] }),
      });
      assert.equal(unassigned.status, 200, JSON.stringify(unassigned.body));
      const afterwards = await change(assigned.id, 'REC', status.Nouveau.id);
      assert.deepEqual([afterwards.status, afterwards.body.errors], [403, [{ message: 'forbidden' }]]);
      assert.equal(
        (await call<NeedsSheet>(suite.app, 'GET', `/need/${assigned.id}`, { token: suite.tokens.REC })).body.data
          ?.status.label,
        'En cours',
      );
    });

    it('updates a sheet, recording the changed fields, a status change on its own line, and keeps its reference', async () => {
      const sheet = (await create({ title: 'Avant' })).body.data!;
      const updated = await versioned<NeedsSheet>(`/need/${sheet.id}/store`, {
        token: suite.tokens.DIR,
        fields: fields({ title: 'Après', positions: 3, statusId: status['En cours'].id, recruiterIds: [] }),
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.deepEqual(
        [updated.body.data?.reference, updated.body.data?.title, updated.body.data?.recruiters],
        [sheet.reference, 'Après', []],
      );
      const story = await storyOf(sheet.id);
      assert.deepEqual(story.map((entry) => entry.action).sort(), ['create', 'status', 'update']);
      const update = story.find((entry) => entry.action === 'update')!;
      assert.deepEqual(update.changes.title, { from: 'Avant', to: 'Après' });
      assert.deepEqual(update.changes.recruiterIds, { from: 'REC', to: '' });
      const missing = await call(suite.app, 'POST', '/need/999999/store', {
        token: suite.tokens.DIR,
        fields: { ...fields(), version: 1 },
      });
      assert.deepEqual([missing.status, missing.body.errors], [404, [{ message: 'modelNotFound', field: 'id' }]]);
    });

    it('refuses an edit or a status change made from an older version, naming who changed the sheet, and changes nothing', async () => {
      const sheet = (await create({ title: 'Lue une fois' })).body.data!;
      const moved = await call<NeedsSheet>(suite.app, 'POST', `/need/${sheet.id}/status`, {
        token: suite.tokens.DIR,
        fields: { statusId: status['En cours'].id, version: sheet.version },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.data?.version, sheet.version + 1);
      const before = await snapshot(suite.database.db);
      const stale = [
        await call(suite.app, 'POST', `/need/${sheet.id}/store`, {
          token: suite.tokens.COM,
          fields: { ...fields({ title: 'Écrasée ?' }), version: sheet.version },
        }),
        await call(suite.app, 'POST', `/need/${sheet.id}/status`, {
          token: suite.tokens.COM,
          fields: { statusId: status.Nouveau.id, version: sheet.version },
        }),
      ];
      for (const answer of stale) {
        assert.equal(answer.status, 409);
        assert.equal(answer.body.errors[0].message, 'editConflict');
        assert.deepEqual(
          [answer.body.errors[0].conflict?.version, answer.body.errors[0].conflict?.changedBy?.trigram],
          [sheet.version + 1, 'DIR'],
        );
      }
      assert.deepEqual(await snapshot(suite.database.db), before);
    });

    it('duplicates a sheet: new reference, received today, first status, nothing filled', async () => {
      const source = (await create({ title: 'À dupliquer', positionsFilled: 1, statusId: status['En cours'].id })).body
        .data!;
      const copy = await call<NeedsSheet>(suite.app, 'POST', `/need/${source.id}/duplicate`, {
        token: suite.tokens.COM,
        fields: {},
      });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      assert.notEqual(copy.body.data?.reference, source.reference);
      assert.deepEqual(
        [
          copy.body.data?.title,
          copy.body.data?.status.label,
          copy.body.data?.positionsFilled,
          copy.body.data?.receivedDate,
          copy.body.data?.skills,
        ],
        ['À dupliquer', 'Nouveau', 0, today(), source.skills],
      );
    });

    it('lists with scope, filters and sort, and exports what the list shows as CSV', async () => {
      const other = await call<NeedsSheet>(suite.app, 'POST', '/need/store', {
        token: suite.tokens.COB,
        fields: fields({
          title: 'Autre équipe',
          ownerId: suite.fixture.users.COB,
          recruiterIds: [],
          priority: 'urgent',
          contactId: suite.fixture.active.COB,
        }),
      });
      assert.equal(other.status, 200, JSON.stringify(other.body));
      const mine = await list({ scope: 'my', perPage: 100 }, suite.tokens.REC);
      assert.ok(mine.body.data!.total > 0, 'REC works some sheets');
      assert.ok(
        mine.body.data!.items.every(
          (item) => item.recruiters.some((r) => r.trigram === 'REC') || item.owner.trigram === 'REC',
        ),
        'my sheets are those I own or work',
      );
      const team = await list({ scope: 'team', perPage: 100 }, suite.tokens.DIR);
      assert.ok(
        !team.body.data!.items.some((item) => item.title === 'Autre équipe'),
        'another team’s sheet is not in my team’s',
      );
      const all = await list({ scope: 'all', search: 'autre equipe' }, suite.tokens.REC);
      assert.deepEqual(
        all.body.data?.items.map((item) => item.title),
        ['Autre équipe'],
      );
      const urgent = await list({ priority: 'urgent' });
      assert.deepEqual(
        urgent.body.data?.items.map((item) => item.title),
        ['Autre équipe'],
      );
      const closed = await list({ open: false, perPage: 100 });
      assert.ok(
        closed.body.data!.items.length > 0 && closed.body.data!.items.every((item) => item.status.closes),
        'closed sheets only',
      );
      const late = await list({ late: true, perPage: 100 });
      assert.ok(
        late.body.data!.items.every((item) => item.isLate),
        'late sheets only',
      );
      const byDeadline = await list({ sort: 'deadline', order: 'desc', perPage: 100 });
      const deadlines = byDeadline.body.data!.items.map((item) => item.deadline);
      assert.deepEqual(deadlines, [...deadlines].sort().reverse());
      const badSort = await list({ sort: 'password' });
      assert.deepEqual([badSort.status, badSort.body.errors[0].message], [422, 'dataInvalid']);
      const csv = await suite.app.inject({
        method: 'GET',
        url: '/needs/export?search=autre&sort=reference',
        headers: { authorization: suite.tokens.COM },
      });
      assert.equal(csv.statusCode, 200);
      const lines = csv.body
        .slice(1)
        .split('\r\n')
        .filter((line) => line !== '');
      assert.equal(lines[0].split(';').slice(0, 3).join(';'), 'Référence;Intitulé;Société');
      assert.deepEqual(
        lines.slice(1).map((line) => line.split(';')[1]),
        ['Autre équipe'],
      );
    });

    it('searches the full text: stemmed, accents and case ignored, ranked, matched words marked; stop words alone find nothing', async () => {
      await create({
        title: 'Développeuse React',
        description: 'Interface <b>accessible</b> des commandes',
        skills: ['TypeScript'],
      });
      await create({ title: 'Comptable', description: 'Un développeur comptable ? Non : la paie.', skills: ['Sage'] });
      const stemmed = await search({ q: 'développeurs' });
      assert.equal(stemmed.status, 200, JSON.stringify(stemmed.body));
      const titles = stemmed.body.data!.items.map((item) => item.title);
      assert.ok(titles.includes('Développeur Java confirmé') && titles.includes('Comptable'), titles.join());
      // The title weighs more than the description.
      assert.ok(titles.indexOf('Développeur Java confirmé') < titles.indexOf('Comptable'), titles.join());
      const first = stemmed.body.data!.items[0];
      assert.ok(first.rank > 0, 'ranked');
      assert.ok(
        first.highlights.some((snippet) => snippet.includes('<mark>Développeur</mark>')),
        first.highlights.join(),
      );
      const plain = await search({ q: 'DEVELOPPEUSE react' });
      assert.deepEqual(
        plain.body.data?.items.map((item) => item.title),
        ['Développeuse React'],
      );
      const escaped = await search({ q: 'accessible' });
      // The snippets are text: markup of the sheet never reaches the page as markup.
      const snippets = escaped.body.data!.items[0].highlights.join(' ');
      assert.ok(snippets.includes('<mark>accessible</mark>') && !snippets.includes('<b>'), snippets);
      const bySkill = await search({ q: 'spring', priority: 'high', perPage: 100 });
      assert.ok(
        bySkill.body.data!.total > 0 && bySkill.body.data!.items.every((item) => item.priority === 'high'),
        JSON.stringify(bySkill.body),
      );
      // "les" and "à" are not among the French configuration's stop words: alone they matched most sheets.
      await create({ title: 'Chef de projet', description: 'Les équipes à Lyon, les clients à Paris.' });
      for (const q of ['le la de', 'les', 'LES', 'à', 'les à été', '"les" -des', '!!! ; ,']) {
        const empty = await search({ q });
        assert.deepEqual([empty.status, empty.body.data], [200, { items: [], total: 0 }], q);
      }
      // The other words of a query still search.
      const withWords = await search({ q: 'les équipes à Lyon' });
      assert.ok(
        withWords.body.data!.items.some((item) => item.title === 'Chef de projet'),
        JSON.stringify(withWords.body),
      );
      const missing = await search({});
      assert.deepEqual([missing.status, missing.body.errors[0].message], [422, 'dataInvalid']);
    });

    it('ranks a one-word search from the sheets’ words exactly as ts_rank ranks every match, page by page and filtered; an edit moves its words', async () => {
      const word = 'grafana';
      const made = [
        { title: 'Ingénieur Grafana', description: 'Tableaux de bord.', skills: ['Linux'] },
        { title: 'Expert Grafana', description: 'Grafana, alertes Grafana et métriques.', skills: ['Grafana'] },
        { title: 'Administrateur', description: 'Supervision.', skills: ['Grafana', 'Prometheus'], priority: 'low' },
        { title: 'Exploitant', description: 'Un peu de Grafana.', skills: ['Bash'] },
        { title: 'Opérateur', description: 'Grafana le matin, Grafana le soir.', skills: ['Zabbix'], priority: 'low' },
        { title: 'Support', description: 'Tickets et Grafana.', skills: ['ITIL'] },
        { title: 'Architecte Grafana', description: 'Plateforme.', skills: ['Kubernetes'] },
      ];
      const ids: number[] = [];
      for (const overrides of made) ids.push((await create(overrides)).body.data!.id);
      const expected = (where: string) => rankedMatches(suite.database.db, word, where);
      const pages = async (query: Record<string, unknown>) => {
        const found: [number, number][] = [];
        for (let page = 1; page <= 4; page += 1) {
          const answer = await search({ q: word, perPage: 2, page, ...query });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          found.push(...answer.body.data!.items.map((item): [number, number] => [item.id, item.rank]));
        }
        return found;
      };
      const all = await expected('true');
      assert.equal(all.length, 7);
      assert.deepEqual(await pages({}), all);
      assert.deepEqual(await pages({ priority: 'low' }), await expected(`priority = 'low'`));
      // The capitalised plural is the same word.
      assert.deepEqual(
        (await search({ q: 'GRAFANAS', perPage: 7 })).body.data!.items.map((item) => item.id),
        all.map(([id]) => id),
      );
      // The words follow an edit: the word left the title and the description, another came in.
      const edited = await versioned<NeedsSheet>(`/need/${ids[0]}/store`, {
        token: suite.tokens.COM,
        fields: fields({ ...made[0], title: 'Ingénieur observabilité', skills: ['Prometheus'] }),
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.ok(!(await pages({})).some(([id]) => id === ids[0]));
      assert.deepEqual(await pages({}), await expected('true'));
      const prometheus = await search({ q: 'prometheus', perPage: 100 });
      assert.ok(
        prometheus.body.data!.items.some((item) => item.id === ids[0]),
        JSON.stringify(prometheus.body),
      );
      // Quotes and backslashes of a word come back from the query's text form as they were.
      assert.deepEqual(["'donne'", "'it''s'", "'a\\\\b'", "'a' & 'b'", "'donne':*", "!'donne'"].map(oneWord), [
        'donne',
        "it's",
        'a\\b',
        undefined,
        undefined,
        undefined,
      ]);
    });

    it('ranks a search of several words exactly as ts_rank ranks every match, page by page, open or closed; its total follows the writes', async () => {
      const words = 'kafka spring';
      const made = [
        { title: 'Développeur Kafka Spring', description: 'Flux.', skills: ['Java'] },
        { title: 'Intégrateur', description: 'Spring et Kafka, puis Kafka.', skills: ['Spring'] },
        { title: 'Architecte Spring', description: 'Messagerie Kafka.', skills: ['Kafka', 'Spring Boot'] },
        { title: 'Ingénieur Kafka', description: 'Un peu de Spring.', skills: ['Scala'] },
        { title: 'Tech lead', description: 'Spring Boot, Kafka Streams et Spring Batch.', skills: ['Kafka'] },
        { title: 'Développeur Spring', description: 'Sans messagerie.', skills: ['Hibernate'] },
      ];
      const ids: number[] = [];
      for (const overrides of made) ids.push((await create(overrides)).body.data!.id);
      const closed = await versioned<NeedsSheet>(`/need/${ids[2]}/status`, {
        token: suite.tokens.REC,
        fields: { statusId: status.Pourvu.id, comment: 'Pourvu' },
      });
      assert.equal(closed.status, 200, JSON.stringify(closed.body));
      const expected = (where: string) => rankedMatches(suite.database.db, words, where);
      const pages = async (query: Record<string, unknown>) => {
        const found: [number, number][] = [];
        const totals = new Set<number>();
        // Until the first page past the end.
        for (let page = 1, more = true; more; page += 1) {
          const answer = await search({ q: words, perPage: 2, page, ...query });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          const { items, total } = answer.body.data!;
          found.push(...items.map((item): [number, number] => [item.id, item.rank]));
          totals.add(total);
          more = items.length > 0;
        }
        // Every page, the last ones past the end included, says the same total: the number of matches.
        assert.deepEqual([...totals], [found.length]);
        return found;
      };
      const all = await expected('true');
      assert.ok(ids.slice(0, 5).every((id) => all.some(([match]) => match === id)) && all.length > 4, String(all));
      assert.deepEqual(await pages({}), all);
      assert.deepEqual(await pages({ open: 1 }), await expected('not closed'));
      assert.deepEqual(await pages({ open: 0 }), await expected('closed'));
      assert.deepEqual(await pages({ open: 0, priority: 'low' }), await expected(`closed and priority = 'low'`));
      assert.deepEqual(await pages({ open: 1, priority: 'high' }), await expected(`not closed and priority = 'high'`));
      // A new match and an edit that takes the words away: the pages and their total follow.
      ids.push((await create({ title: 'Consultant Kafka', description: 'Spring.' })).body.data!.id);
      const edited = await versioned<NeedsSheet>(`/need/${ids[0]}/store`, {
        token: suite.tokens.COM,
        fields: fields({ ...made[0], title: 'Développeur', skills: ['Java'] }),
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const now = await expected('true');
      assert.ok(now.some(([id]) => id === ids[6]) && !now.some(([id]) => id === ids[0]));
      assert.deepEqual(await pages({}), now);
      assert.deepEqual(await pages({ open: 1 }), await expected('not closed'));
      // Each form of the filters has a statement of its own.
      const forms = [{}, { open: true }, { open: false }, { late: true }, { late: false }, { priority: 'high' }].map(
        (filters) => pageStatementName(false, { scope: 'all', ...filters } as NeedsSheetFilters),
      );
      assert.equal(new Set([...forms, pageStatementName(true, { scope: 'all' })]).size, forms.length + 1);
      assert.ok(
        forms.every((name) => /^[a-z_]+$/.test(name)),
        forms.join(),
      );
    });

    it('keeps models: title unique (case and accents ignored), archived ones apart', async () => {
      const store = (body: Record<string, unknown>, id?: number) =>
        call<NeedsSheetModel>(suite.app, 'POST', id === undefined ? '/need-model/store' : `/need-model/${id}/store`, {
          token: suite.tokens.ADM,
          fields: body,
        });
      const model = await store({ title: 'Chef de projet', skills: ['Agile', 'agile', 'Jira'], delay: 15 });
      assert.deepEqual(
        [model.body.data?.skills, model.body.data?.delay, model.body.data?.isActive],
        [['Agile', 'Jira'], 15, true],
      );
      const same = await store({ title: 'CHEF DE PROJÉT' });
      assert.deepEqual([same.status, same.body.errors], [409, [{ message: 'existingTitle', field: 'title' }]]);
      await store({ title: 'Chef de projet', isActive: false }, model.body.data!.id);
      const active = await call<NeedsSheetModel[]>(suite.app, 'GET', '/need-models', { token: suite.tokens.REC });
      assert.ok(!active.body.data!.some((m) => m.id === model.body.data!.id), 'an archived model is not offered');
      const archived = await call<NeedsSheetModel[]>(suite.app, 'GET', '/need-models', {
        token: suite.tokens.REC,
        query: { withArchived: true },
      });
      assert.ok(
        archived.body.data!.some((m) => m.id === model.body.data!.id && !m.isActive),
        'an archived model is listed with the archived ones',
      );
    });

    it('manages statuses: colour pattern, unique label, reorder, deactivate one in use, refuse deleting it (integrityError)', async () => {
      const admin = (method: string, url: string, body: Record<string, unknown>) =>
        call<NeedsSheetStatus | NeedsSheetStatus[] | null>(suite.app, method, url, {
          token: suite.tokens.ADM,
          fields: body,
        });
      assert.equal((await admin('POST', '/admin/need-status/store', { label: 'Rouge', color: 'rouge' })).status, 422);
      const same = await admin('POST', '/admin/need-status/store', { label: 'EN COURS', color: '#ff0000' });
      assert.deepEqual([same.status, same.body.errors], [409, [{ message: 'existingName', field: 'label' }]]);
      const before = await snapshot(suite.database.db);
      const inUse = await admin('DELETE', `/admin/need-status/${status.Nouveau.id}`, {});
      assert.deepEqual([inUse.status, inUse.body.errors], [409, [{ message: 'integrityError', field: 'id' }]]);
      assert.equal(await snapshot(suite.database.db), before);
      const off = await admin('POST', `/admin/need-status/${status.Nouveau.id}/store`, {
        label: 'Nouveau',
        color: '#2563eb',
        isActive: false,
      });
      assert.equal(off.status, 200);
      const unused = (await admin('POST', '/admin/need-status/store', { label: 'Temporaire', color: '#123456' })).body
        .data as NeedsSheetStatus;
      assert.equal((await admin('DELETE', `/admin/need-status/${unused.id}`, {})).status, 200);
      const ids = [status.Pourvu.id, status['En cours'].id, status.Nouveau.id];
      const ordered = await admin('POST', '/admin/need-statuses/order', { ids });
      assert.deepEqual(
        (ordered.body.data as NeedsSheetStatus[]).map((s) => s.label),
        ['Pourvu', 'En cours', 'Nouveau'],
      );
      const partial = await admin('POST', '/admin/need-statuses/order', { ids: ids.slice(1) });
      assert.deepEqual([partial.status, partial.body.errors], [422, [{ message: 'dataInvalid', field: 'ids' }]]);
      // The first active status (now "En cours", Nouveau being inactive and Pourvu first) is a new sheet's.
      await admin('POST', '/admin/need-statuses/order', {
        ids: [status['En cours'].id, status.Pourvu.id, status.Nouveau.id],
      });
      assert.equal((await create({ title: 'Après réordonnancement' })).body.data?.status.label, 'En cours');
    });

    it('tells filled from lost: only a status that closes a sheet may fill it; a status a sheet once had stays', async () => {
      const admin = (url: string, body: Record<string, unknown>) =>
        call<NeedsSheetStatus>(suite.app, 'POST', url, { token: suite.tokens.ADM, fields: body });
      const open = await admin('/admin/need-status/store', {
        label: 'Pourvu mais ouvert',
        color: '#059669',
        fills: true,
      });
      assert.deepEqual([open.status, open.body.errors], [422, [{ message: 'dataInvalid', field: 'fills' }]]);
      const won = await admin('/admin/need-status/store', {
        label: 'Gagné',
        color: '#047857',
        closes: true,
        fills: true,
        order: 100,
      });
      assert.deepEqual([won.status, won.body.data?.closes, won.body.data?.fills], [200, true, true]);
      const reopened = await admin(`/admin/need-status/${won.body.data!.id}/store`, {
        label: 'Gagné',
        color: '#047857',
        closes: false,
        fills: true,
      });
      assert.deepEqual([reopened.status, reopened.body.errors], [422, [{ message: 'dataInvalid', field: 'fills' }]]);
      const listed = await call<NeedsSheetStatus[]>(suite.app, 'GET', '/need-statuses', { token: suite.tokens.REC });
      const flags = (label: string) =>
        listed.body.data?.filter((s) => s.label === label).map((s) => [s.closes, s.fills]);
      // This suite's "Pourvu" was created without saying it fills: false by default.
      assert.deepEqual(
        [flags('Gagné'), flags('Pourvu'), flags('En cours')],
        [[[true, true]], [[true, false]], [[false, false]]],
      );
      // A sheet went through "Gagné" and left it: the status is in its past, it cannot be deleted.
      const sheet = (await create({ title: 'Passée par Gagné' })).body.data!;
      for (const statusId of [won.body.data!.id, status['En cours'].id]) {
        assert.equal(
          (await versioned(`/need/${sheet.id}/status`, { token: suite.tokens.COM, fields: { statusId } })).status,
          200,
        );
      }
      const deleted = await call(suite.app, 'DELETE', `/admin/need-status/${won.body.data!.id}`, {
        token: suite.tokens.ADM,
        fields: {},
      });
      assert.deepEqual([deleted.status, deleted.body.errors], [409, [{ message: 'integrityError', field: 'id' }]]);
      // The list says so beforehand: no sheet has it now, one went through it.
      const unused = (await admin('/admin/need-status/store', { label: 'Jamais utilisé', color: '#123456' })).body
        .data!;
      const uses = await call<NeedsSheetStatus[]>(suite.app, 'GET', '/need-statuses', { token: suite.tokens.ADM });
      const use = (id: number) => uses.body.data?.filter((s) => s.id === id).map((s) => [s.sheetCount, s.usedBy]);
      assert.deepEqual([use(won.body.data!.id), use(unused.id)], [[[0, 1]], [[0, 0]]]);
      assert.ok(
        uses.body.data!.filter((s) => s.sheetCount > 0).every((s) => s.usedBy >= s.sheetCount),
        'a status held now is used',
      );
      assert.equal(
        (await call(suite.app, 'DELETE', `/admin/need-status/${unused.id}`, { token: suite.tokens.ADM, fields: {} }))
          .status,
        200,
      );
      await admin(`/admin/need-status/${won.body.data!.id}/store`, {
        label: 'Gagné',
        color: '#047857',
        closes: true,
        fills: true,
        isActive: false,
      });
    });

    it('keeps the open and late filters with the status: a sheet moving to another status, a status that starts closing', async () => {
      const admin = (url: string, body: Record<string, unknown>) =>
        call<NeedsSheetStatus>(suite.app, 'POST', url, { token: suite.tokens.ADM, fields: body });
      const paused = (await admin('/admin/need-status/store', { label: 'En pause', color: '#64748b', order: 200 })).body
        .data!;
      const sheet = (
        await create({
          title: 'Mission suspendue',
          receivedDate: addDays(today(), -30),
          deadline: addDays(today(), -20),
        })
      ).body.data!;
      const titles = async (query: Record<string, unknown>) =>
        (await list({ search: 'mission suspendue', ...query })).body.data!.items.map((item) => item.title);
      assert.deepEqual(
        [await titles({ open: true }), await titles({ late: true }), await titles({ open: false })],
        [['Mission suspendue'], ['Mission suspendue'], []],
      );
      assert.equal(
        (await versioned(`/need/${sheet.id}/status`, { token: suite.tokens.COM, fields: { statusId: paused.id } }))
          .status,
        200,
      );
      assert.deepEqual(await titles({ open: true }), ['Mission suspendue']);
      // The admin makes "En pause" close its sheets: the sheets already there follow.
      assert.equal(
        (await admin(`/admin/need-status/${paused.id}/store`, { label: 'En pause', color: '#64748b', closes: true }))
          .status,
        200,
      );
      assert.deepEqual(
        [await titles({ open: true }), await titles({ late: true }), await titles({ open: false })],
        [[], [], ['Mission suspendue']],
      );
      assert.equal(
        (
          await versioned(`/need/${sheet.id}/status`, {
            token: suite.tokens.COM,
            fields: { statusId: status['En cours'].id },
          })
        ).status,
        200,
      );
      assert.deepEqual(await titles({ open: true }), ['Mission suspendue']);
      // Every sheet's copy agrees with its status.
      const drifted = await suite.database.db
        .selectFrom('needs_sheet as s')
        .innerJoin('needs_sheet_status as st', 'st.id', 's.status_id')
        .select('s.id')
        .whereRef('s.closed', '<>', 'st.closes')
        .execute();
      assert.deepEqual(drifted, []);
    });

    it('sorts references by year, then number (BES-2025-9999 before BES-2025-10000)', async () => {
      const sorted = (order: string) =>
        list({ search: 'tri des références', sort: 'reference', order }).then((answer) =>
          answer.body.data!.items.map((item) => item.reference),
        );
      await setLastReferenceNumber(suite.database.db, Number(year()), 9998);
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await create({ title: 'Tri des références' })).body.data!.id);
      // The last one came in the year before.
      const lastYear = `BES-${Number(year()) - 1}-10001`;
      await suite.database.db
        .updateTable('needs_sheet')
        .set({ reference: lastYear })
        .where('id', '=', ids[2])
        .execute();
      // As text, BES-…-10000 would come before BES-…-9999.
      const expected = [lastYear, `BES-${year()}-9999`, `BES-${year()}-10000`];
      assert.deepEqual(await sorted('asc'), expected);
      assert.deepEqual(await sorted('desc'), [...expected].reverse());
    });
  });
}

// A sheet's number in its year, taken without waiting on any other transaction: another instance paused inside a
// creation holds nothing the others need.
for (const engine of testEngines()) {
  describe(`needs sheet references on ${engine}`, () => {
    let suite: SeededSuite;

    const fields = (title: string) => ({
      companyId: suite.fixture.company,
      contactId: suite.fixture.active.COM,
      title,
      seniority: 'confirmed',
      contractType: 'regie',
      ownerId: suite.fixture.users.COM,
      recruiterIds: [suite.fixture.users.REC],
    });
    const create = (title = 'Numérotation', app = suite.app, token = suite.tokens.COM) =>
      call<NeedsSheet>(app, 'POST', '/need/store', { token, fields: fields(title) });
    const numberOf = (reference: string) => Number(reference.split('-')[2]);
    const referenceOf = async (id: number) =>
      (
        await suite.database.db
          .selectFrom('needs_sheet')
          .select('reference')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).reference;

    before(async () => {
      suite = await openSeededSuite(engine);
      const answer = await call(suite.app, 'POST', '/admin/need-status/store', {
        token: suite.tokens.ADM,
        fields: { label: 'Nouveau', color: '#2563eb', closes: false, order: 0 },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    });
    after(() => suite.close());

    it('lets a creation through while another instance’s creation is paused after taking its number, and gives it a higher one', async () => {
      const first = await create();
      assert.equal(first.status, 200, JSON.stringify(first.body));
      // Another instance, on a connection of its own, whose creation stops inside its transaction once its sheet is
      // written (number, row, recruiters), before its history line.
      const other = suite.database.openAnother();
      const history = createHistoryRepository(other);
      let reached!: () => void;
      let resume!: () => void;
      const atHistory = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (resume = resolve));
      const pausing: HistoryRepository = {
        ...history,
        record: async (...args) => {
          reached();
          await gate;
          return history.record(...args);
        },
      };
      const paused = createNeedsSheetRepository(other, pausing).create(
        needsSheetStorePayloadSchema.parse(fields('En pause')),
        suite.fixture.users.COM,
      );
      await atHistory;
      // PGlite is one connection: a creation waits for the paused transaction there, as any statement does.
      if (engine === 'postgres') {
        const started = performance.now();
        const meanwhile = await create('Pendant la pause');
        const elapsed = performance.now() - started;
        assert.equal(meanwhile.status, 200, JSON.stringify(meanwhile.body));
        assert.ok(elapsed < defaultDbTimeouts.lockMs / 2, `${Math.round(elapsed)} ms`);
        resume();
        const pausedReference = await referenceOf(await paused);
        assert.deepEqual(
          [numberOf(first.body.data!.reference), numberOf(pausedReference), numberOf(meanwhile.body.data!.reference)],
          [
            numberOf(first.body.data!.reference),
            numberOf(first.body.data!.reference) + 1,
            numberOf(first.body.data!.reference) + 2,
          ],
        );
      } else {
        resume();
        assert.equal(numberOf(await referenceOf(await paused)), numberOf(first.body.data!.reference) + 1);
      }
    });

    it('holds nothing another creation needs while a transaction that took a reference stays open', async () => {
      const today = toBusinessIsoDate(new Date());
      const other = suite.database.openAnother();
      await ensureReferenceSequence(other, Number(today.slice(0, 4)));
      const open = await other.startTransaction().execute();
      const taken = await nextNeedsSheetReference(open, today);
      if (engine === 'postgres') {
        const started = performance.now();
        const meanwhile = await create('Pendant la transaction');
        assert.equal(meanwhile.status, 200, JSON.stringify(meanwhile.body));
        assert.ok(performance.now() - started < defaultDbTimeouts.lockMs / 2);
        assert.ok(numberOf(meanwhile.body.data!.reference) > numberOf(taken));
      }
      // A number taken is never given back: the transaction ends without its sheet, a gap stays.
      await open.rollback().execute();
      const after = await create('Après la transaction');
      assert.equal(after.status, 200, JSON.stringify(after.body));
      assert.ok(numberOf(after.body.data!.reference) > numberOf(taken));
    });

    it('gives many concurrent creations of two instances unique references, each after the last one taken', async () => {
      const otherApp = await createTestApp(suite.database.openAnother());
      try {
        const otherToken = await login(otherApp, 'COM');
        const first = await create();
        const answers = await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            i % 2 === 0 ? create('Création concurrente') : create('Création concurrente', otherApp, otherToken),
          ),
        );
        assert.deepEqual(
          answers.map((answer) => answer.status),
          Array(24).fill(200),
        );
        const numbers = answers.map((answer) => numberOf(answer.body.data!.reference)).sort((a, b) => a - b);
        // None failed: no gap either.
        assert.deepEqual(
          numbers,
          Array.from({ length: 24 }, (_, i) => numberOf(first.body.data!.reference) + 1 + i),
        );
        const last = await create('Après les autres', otherApp, otherToken);
        assert.equal(numberOf(last.body.data!.reference), numbers[23] + 1);
        assert.ok(
          answers.every((answer) =>
            answer.body.data!.reference.startsWith(`BES-${toBusinessIsoDate(new Date()).slice(0, 4)}-`),
          ),
        );
      } finally {
        await otherApp.close();
      }
    });

    it('starts a year’s numbering with its first sheet, the year being that of Paris', async () => {
      const { db } = suite.database;
      const at = (instant: string) =>
        createNeedsSheetRepository(db, createHistoryRepository(db), { now: () => new Date(instant) });
      const changes = needsSheetStorePayloadSchema.parse(fields('Nouvel an'));
      const created = async (instant: string) => {
        const repository = at(instant);
        const sheet = await repository.find(await repository.create(changes, suite.fixture.users.COM));
        return [sheet?.reference, sheet?.receivedDate];
      };
      // 31 December, 23:59:59 in Paris, then midnight: 1 January there, still 31 December in UTC.
      assert.deepEqual(await created('2040-12-31T22:59:59Z'), ['BES-2040-0001', '2040-12-31']);
      assert.deepEqual(await created('2040-12-31T23:00:00Z'), ['BES-2041-0001', '2041-01-01']);
      assert.deepEqual(await created('2041-01-01T10:00:00Z'), ['BES-2041-0002', '2041-01-01']);
      assert.deepEqual(await created('2040-12-31T12:00:00Z'), ['BES-2040-0002', '2040-12-31']);
    });

    it('refuses a reference already written past the numbering (existingValue), and the next creation goes on', async () => {
      const year = Number(toBusinessIsoDate(new Date()).slice(0, 4));
      const first = await create();
      const taken = numberOf(first.body.data!.reference);
      await suite.database.db
        .updateTable('needs_sheet')
        .set({ reference: needsSheetReference(year, taken + 1) })
        .where('id', '=', first.body.data!.id)
        .execute();
      const refused = await create('Doublon');
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.deepEqual(refused.body.errors, [{ message: 'existingValue', field: 'reference' }]);
      const next = await create('Suivante');
      assert.equal(next.status, 200, JSON.stringify(next.body));
      assert.equal(numberOf(next.body.data!.reference), taken + 2);
    });
  });
}
