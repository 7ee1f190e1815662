import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { withLuhnCheckDigit, type Envelope, type ImportReport, type ImportUndo, type LastImport } from '@bo/contracts/all';
import { sql } from 'kysely';
import { ROWS_PER_CHUNK } from '../../imports/plan';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, snapshot, testEngines } from '../../test/harness';

const siret = (n: number) => withLuhnCheckDigit(String(5_000_000_000_000 + n));

// A CSV file posted as the browser does: the file in `file`, the other fields beside it.
async function upload(suite: SeededSuite, url: string, file: string | Buffer, fields: Record<string, string>, token: string) {
  const form = new FormData();
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'import.csv');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await suite.app.inject({
    method: 'POST',
    url,
    headers: { accept: 'application/json', authorization: token, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json<Envelope<ImportReport>>() };
}

const lines = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;
// New companies, enough of them to carry the rows after them into the file's next chunk.
const fillers = (from: number) => Array.from({ length: ROWS_PER_CHUNK }, (_, i) => `Remplissage ${from + i};${siret(from + i)}`);
const problemsOf = (report: ImportReport | null | undefined) => (report?.problems ?? []).map((p) => `${p.line} ${p.column}: ${p.message}`);

for (const engine of testEngines()) {
  describe(`CSV import on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('checks every row of a companies file, each problem on its line and column, and writes nothing', async () => {
      const file =
        '\uFEFF' +
        lines(
          'Raison sociale;SIRET;Code postal;Ville;Propriétaire',
          `Alpha Conseil;${siret(1)};69001;Lyon;COM`,
          'Beta;12345678901234;69002;Lyon;COM',
          `;${siret(2)};;;`,
          `Gamma;${siret(3)};6900;Lyon;`,
          `Delta;${siret(4)};;;ZZZ`,
          `Delta bis;${siret(5)};;;OFF`,
          `Alpha doublon;${siret(1)};;;`,
          'Société Test;732 829 320 00074;75001;Paris;',
          `"Epsilon; ""et fils""";${siret(6)};;"Saint-Étienne";`,
        );
      const before = await snapshot(suite.database.db);
      const answer = await upload(suite, '/import/companies/check', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const report = answer.body.data!;
      assert.deepEqual(problemsOf(report), [
        '3 SIRET: Entrée non valide',
        '4 Raison sociale: Entrée requise',
        '5 Code postal: Entrée non valide',
        '6 Propriétaire: Propriétaire inconnu',
        '7 Propriétaire: Propriétaire désactivé',
        '8 SIRET: Doublon de la ligne 2 du fichier',
      ]);
      assert.deepEqual([report.rows, report.created, report.updated, report.skipped, report.rejected], [9, 2, 0, 1, 6]);
      assert.deepEqual([report.id, report.separator, report.encoding], [null, ';', 'utf-8']);
      assert.deepEqual(report.mapping, { name: 0, registrationId: 1, postalCode: 2, city: 3, owner: 4 });
      assert.equal(report.preview[0][0], 'Alpha Conseil');
      assert.deepEqual(report.rejectedRows[0], { line: 3, cells: ['Beta', '12345678901234', '69002', 'Lyon', 'COM'], reason: 'SIRET : Entrée non valide' });
      assert.equal(await snapshot(suite.database.db), before, 'a dry run writes nothing');
    });

    it('reads a Windows-1252 contacts file with "," and finds duplicates in the file and in the database', async () => {
      await suite.database.db.insertInto('company').values({ name: 'Fermée SA', registration_id: siret(50), owner_id: suite.fixture.users.ADM, is_active: false }).execute();
      const file = Buffer.from(
        lines(
          'Civilité,Prénom,Nom,E-mail,Téléphone,Société,Fonction',
          'Mme,Hélène,Lefèvre,helene@example.fr,06 12 34 56 78,Société Test,"Directrice, achats"',
          'M.,Jérôme,Dupré,jerome@example.fr,,Inconnue SARL,',
          'M.,Noël,Bâton,noel@example.fr,,Fermée SA,',
          'Mme,Hélène,Lefèvre bis,HELENE@example.fr,,,',
          'M.,Paul,Durand COM,,,Société Test,',
          'Dr,Anne,Martin,anne@example.fr,,,',
          `Mlle,Zoé,Petit,zoe@example.fr,0033 6 00 00 00 01,${siret(0)},`,
        ),
        'latin1',
      );
      const before = await snapshot(suite.database.db);
      const answer = await upload(suite, '/import/contacts/check', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const report = answer.body.data!;
      assert.deepEqual([report.encoding, report.separator], ['windows-1252', ',']);
      assert.deepEqual(report.headers, ['Civilité', 'Prénom', 'Nom', 'E-mail', 'Téléphone', 'Société', 'Fonction']);
      assert.deepEqual(problemsOf(report), [
        '3 Société: Société inconnue',
        '4 Société: La société est inactive',
        '5 E-mail: Doublon de la ligne 2 du fichier',
        '7 Civilité: Civilité non valide (M., Mme, Mlle, Monsieur, Madame ou Mademoiselle)',
        '8 Société: Société inconnue',
      ]);
      assert.deepEqual([report.created, report.skipped, report.rejected], [1, 1, 5]);
      assert.equal(await snapshot(suite.database.db), before);

      const imported = await upload(suite, '/import/contacts', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      assert.ok(imported.body.data!.id! > 0);
      const helene = await suite.database.db.selectFrom('contact').selectAll().where('email', '=', 'helene@example.fr').executeTakeFirstOrThrow();
      assert.deepEqual(
        [helene.title, helene.first_name, helene.last_name, helene.phone, helene.job_title, helene.company_id, helene.owner_id, helene.is_active],
        ['madam', 'Hélène', 'Lefèvre', '0033612345678', 'Directrice, achats', suite.fixture.company, suite.fixture.users.COM, false],
      );
      const history = await suite.database.db.selectFrom('history').selectAll().where('entity', '=', 'contact').where('entity_id', '=', helene.id).execute();
      assert.deepEqual(history.map((row) => [row.action, row.import_id]), [['import', imported.body.data!.id]]);
    });

    it('skips or updates the existing records, as the user chooses, and can be mapped by hand', async () => {
      const file = lines('Nom de la boîte;Numéro;Localité', `Société Test;${'73282932000074'};Besançon`, `Zêta;${siret(20)};Dijon`);
      const unmapped = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(unmapped.body.data), ['1 Raison sociale: Colonne obligatoire absente : Raison sociale', '1 SIRET: Colonne obligatoire absente : SIRET']);
      assert.equal(unmapped.body.data?.rejected, 2);
      const mapping = JSON.stringify({ name: 0, registrationId: 1, city: 2 });
      const skip = await upload(suite, '/import/companies', file, { onExisting: 'skip', mapping }, suite.tokens.COM);
      assert.deepEqual([skip.body.data?.created, skip.body.data?.updated, skip.body.data?.skipped], [1, 0, 1]);
      const test = () => suite.database.db.selectFrom('company').selectAll().where('id', '=', suite.fixture.company).executeTakeFirstOrThrow();
      assert.equal((await test()).city, null);
      const file2 = lines('Raison sociale;SIRET;Ville', 'Société Test;73282932000074;Besançon', `Zêta;${siret(20)};Dijon`);
      const update = await upload(suite, '/import/companies', file2, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([update.body.data?.created, update.body.data?.updated, update.body.data?.skipped], [0, 1, 1]);
      const after = await test();
      assert.deepEqual([after.name, after.city, after.owner_id], ['Société Test', 'Besançon', suite.fixture.users.ADM]);
      const history = await suite.database.db.selectFrom('history').selectAll().where('entity', '=', 'company').where('entity_id', '=', suite.fixture.company).execute();
      assert.deepEqual(
        history.map((row) => [row.action, row.import_id, row.changes]),
        [['import', update.body.data!.id, { city: { from: null, to: 'Besançon' } }]],
      );
    });

    it('keeps what a record holds when an updating row leaves a mapped cell empty', async () => {
      const file = lines('Raison sociale;SIRET;Ville;Secteur', 'Société Test;73282932000074;;Banque');
      const update = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([update.body.data?.updated, update.body.data?.rejected], [1, 0], JSON.stringify(update.body));
      const company = await suite.database.db.selectFrom('company').selectAll().where('id', '=', suite.fixture.company).executeTakeFirstOrThrow();
      assert.deepEqual([company.city, company.sector], ['Besançon', 'Banque']);
      // Nothing to change: the row is skipped, not counted as an update.
      const again = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([again.body.data?.updated, again.body.data?.skipped], [0, 1]);
      // As the next tests expect it.
      await suite.database.db.updateTable('company').set({ sector: null }).where('id', '=', suite.fixture.company).execute();
    });

    // The database refuses the company « Boum » (a check added for the test): the import of `file` fails on that row
    // and leaves nothing written.
    async function failsOnBoum(file: string) {
      await sql`alter table company add constraint test_no_boom check (name <> 'Boum')`.execute(suite.database.db);
      try {
        const before = await snapshot(suite.database.db);
        const answer = await upload(suite, '/import/companies', file, { onExisting: 'skip' }, suite.tokens.COM);
        assert.equal(answer.status, 500);
        assert.equal(await snapshot(suite.database.db), before);
      } finally {
        await sql`alter table company drop constraint test_no_boom`.execute(suite.database.db);
      }
    }

    it('writes nothing when a row fails in the middle of the import', async () => {
      await failsOnBoum(lines('Raison sociale;SIRET', `Avant;${siret(30)}`, `Boum;${siret(31)}`, `Après;${siret(32)}`));
    });

    it('undoes the last import, and refuses once a row changed since, naming it', async () => {
      const db = suite.database.db;
      const file = lines('Raison sociale;SIRET;Secteur', `Omega;${siret(40)};Conseil`, 'Société Test;73282932000074;Banque');
      const first = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([first.body.data?.created, first.body.data?.updated], [1, 1]);
      const id = first.body.data!.id!;
      const last = await call<LastImport>(suite.app, 'GET', '/import/last', { token: suite.tokens.COM, query: { kind: 'companies' } });
      assert.deepEqual(
        [last.body.data?.id, last.body.data?.created, last.body.data?.updated, last.body.data?.fileName],
        [id, 1, 1, 'import.csv'],
      );
      const noContacts = await call<LastImport>(suite.app, 'GET', '/import/last', { token: suite.tokens.COM, query: { kind: 'contacts' } });
      assert.equal(noContacts.body.data, null);
      const other = await call<ImportUndo>(suite.app, 'POST', `/import/${id}/undo`, { token: suite.tokens.DIR });
      assert.deepEqual([other.status, other.body.errors], [403, [{ message: 'forbidden' }]]);
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${id}/undo`, { token: suite.tokens.COM });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
      assert.equal((await db.selectFrom('company').select('id').where('registration_id', '=', siret(40)).execute()).length, 0);
      assert.equal((await db.selectFrom('company').select('sector').where('id', '=', suite.fixture.company).executeTakeFirstOrThrow()).sector, null);
      const again = await call<ImportUndo>(suite.app, 'POST', `/import/${id}/undo`, { token: suite.tokens.COM });
      // The import before it (an earlier test's) is the last one in force again.
      const previous = await call<LastImport>(suite.app, 'GET', '/import/last', { token: suite.tokens.COM, query: { kind: 'companies' } });
      assert.ok(previous.body.data !== null && previous.body.data !== undefined && previous.body.data.id < id);
      assert.deepEqual([again.status, again.body.errors[0]?.message], [403, 'notAllowed']);

      const second = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      const omega = await db.selectFrom('company').selectAll().where('registration_id', '=', siret(40)).executeTakeFirstOrThrow();
      const edit = await call(suite.app, 'POST', `/company/${omega.id}/store`, {
        token: suite.tokens.COM,
        fields: { name: 'Omega Groupe', registrationId: omega.registration_id, ownerId: omega.owner_id, sector: 'Conseil' },
      });
      assert.equal(edit.status, 200);
      const before = await snapshot(db);
      const refused = await call<ImportUndo>(suite.app, 'POST', `/import/${second.body.data!.id}/undo`, { token: suite.tokens.COM });
      assert.deepEqual(refused.body.data, { undone: false, blockers: [{ line: 2, label: 'Omega Groupe', reason: 'modifiée depuis l’import' }] });
      assert.equal(await snapshot(db), before);
    });

    it('reads back the companies export as it is: every company found again, nothing to create', async () => {
      const exported = await suite.app.inject({ method: 'GET', url: '/companies/export', headers: { authorization: suite.tokens.COM } });
      assert.equal(exported.statusCode, 200);
      const count = await suite.database.db.selectFrom('company').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const answer = await upload(suite, '/import/companies/check', exported.rawPayload, { onExisting: 'update' }, suite.tokens.COM);
      const report = answer.body.data!;
      assert.deepEqual(problemsOf(report), []);
      assert.deepEqual([report.rows, report.created, report.updated, report.skipped], [Number(count.n), 0, 0, Number(count.n)]);
    });

    it('refuses the roles the permission table leaves out', async () => {
      // Upload files of other processes sharing the temporary folder are not this test's.
      const uploads = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('bo-upload-'));
      const others = new Set(await uploads());
      const file = lines('Raison sociale;SIRET', `Refus;${siret(60)}`);
      for (const url of ['/import/companies/check', '/import/companies', '/import/contacts/check', '/import/contacts']) {
        const answer = await upload(suite, url, file, { onExisting: 'skip' }, suite.tokens.REC);
        assert.deepEqual([answer.status, answer.body.errors], [403, [{ message: 'forbidden' }]], url);
      }
      const last = await call(suite.app, 'GET', '/import/last', { token: suite.tokens.REC, query: { kind: 'contacts' } });
      assert.deepEqual([last.status, last.body.errors], [403, [{ message: 'forbidden' }]]);
      // Past the contract's 20 MB, refused as too large, nothing read into the database.
      const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
      const tooLarge = await upload(suite, '/import/companies/check', big, { onExisting: 'skip' }, suite.tokens.COM);
      assert.deepEqual([tooLarge.status, tooLarge.body.errors[0]?.message], [413, 'dataInvalid']);
      const noFile = await call(suite.app, 'POST', '/import/companies/check', { token: suite.tokens.COM, fields: { onExisting: 'skip' } });
      assert.deepEqual([noFile.status, noFile.body.errors[0]?.message], [422, 'dataInvalid']);
      // Every upload's temporary file is gone once its request is answered (the hook runs just after the answer).
      const left = async () => (await uploads()).filter((name) => !others.has(name));
      for (let wait = 0; wait < 40 && (await left()).length > 0; wait += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.deepEqual(await left(), []);
    });

    it('finds a duplicate of a row of the first chunk of the file in a later chunk', async () => {
      const file = lines('Raison sociale;SIRET', `Alpha Chunk;${siret(100)}`, ...fillers(1_000), `Alpha Chunk bis;${siret(100)}`, `ALPHA chunk;${siret(101)}`);
      const answer = await upload(suite, '/import/companies/check', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(answer.body.data), [
        `${ROWS_PER_CHUNK + 3} SIRET: Doublon de la ligne 2 du fichier`,
        `${ROWS_PER_CHUNK + 4} Raison sociale: Doublon de la ligne 2 du fichier`,
      ]);
      assert.deepEqual([answer.body.data?.rows, answer.body.data?.created, answer.body.data?.rejected], [ROWS_PER_CHUNK + 3, ROWS_PER_CHUNK + 1, 2]);
    });

    it('writes nothing when a row of a later chunk fails, the chunks before it written already', async () => {
      await failsOnBoum(lines('Raison sociale;SIRET', ...fillers(2_000), `Boum;${siret(2_999)}`));
    });

    it('imports what the dry run reported when a later chunk names a record an earlier chunk changed', async () => {
      // Row 2 renames "Société Test"; a row of the next chunk takes its old name: refused, as it was before the import.
      const file = lines('Raison sociale;SIRET', 'Société Test renommée;73282932000074', ...fillers(3_000), `Société Test;${siret(3_999)}`);
      const checked = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(checked.body.data), [`${ROWS_PER_CHUNK + 3} Raison sociale: Nom existant (une autre société porte ce nom)`]);
      const imported = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      assert.deepEqual({ ...imported.body.data, id: null }, checked.body.data);
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${imported.body.data!.id}/undo`, { token: suite.tokens.COM });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
      const company = await suite.database.db.selectFrom('company').select('name').where('id', '=', suite.fixture.company).executeTakeFirstOrThrow();
      assert.equal(company.name, 'Société Test');
    });
  });
}
