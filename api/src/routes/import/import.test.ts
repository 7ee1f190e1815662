import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { access, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  IMPORT_REPORT_LINES,
  importMessages,
  withLuhnCheckDigit,
  type Envelope,
  type ImportLine,
  type ImportReport,
  type ImportUndo,
  type LastImport,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import { ROWS_PER_CHUNK } from '../../imports/plan';
import { openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, snapshot, testEngines } from '../../test/harness';

const siret = (n: number) => withLuhnCheckDigit(String(5_000_000_000_000 + n));

// A CSV file posted as the browser does: the file in `file`, the other fields beside it.
async function upload(
  suite: SeededSuite,
  url: string,
  file: string | Buffer,
  fields: Record<string, string>,
  token: string,
) {
  const form = new FormData();
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'import.csv');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await suite.app.inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      authorization: token,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json<Envelope<ImportReport>>() };
}

const lines = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;
// New companies, enough of them to carry the rows after them into the file's next chunk.
const fillers = (from: number) =>
  Array.from({ length: ROWS_PER_CHUNK }, (_, i) => `Remplissage ${from + i};${siret(from + i)}`);
const problemsOf = (report: ImportReport | null | undefined) =>
  (report?.problems ?? []).map((p) => `${p.line} ${p.column}: ${p.message}`);
const countsOf = (report: ImportReport | null | undefined) =>
  report === null || report === undefined
    ? null
    : {
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        skipped: report.skipped,
        rejected: report.rejected,
      };
// The report's line of that number of the file.
const lineOf = (report: ImportReport | null | undefined, line: number): ImportLine | undefined =>
  report?.lines.find((entry) => entry.line === line);
// A line as a short text: its number, its fate, its reasons and warnings.
const fateOf = (report: ImportReport | null | undefined, line: number) => {
  const entry = lineOf(report, line);
  return entry === undefined
    ? undefined
    : [entry.fate, ...entry.reasons, ...entry.warnings.map((warning) => `! ${warning.message}`)].join(' | ');
};

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
      assert.deepEqual(report.rejectedRows[0], {
        line: 3,
        cells: ['Beta', '12345678901234', '69002', 'Lyon', 'COM'],
        reason: 'SIRET : Entrée non valide',
      });
      assert.equal(await snapshot(suite.database.db), before, 'a dry run writes nothing');
    });

    it('reads a Windows-1252 contacts file with "," and finds duplicates in the file and in the database', async () => {
      await suite.database.db
        .insertInto('company')
        .values({ name: 'Fermée SA', registration_id: siret(50), owner_id: suite.fixture.users.ADM, is_active: false })
        .execute();
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
      // The existing « Paul Durand COM » of the same company, with nothing to tell them apart: left out, not updated.
      const paul = { id: suite.fixture.active.COM, label: 'Paul Durand COM' };
      assert.deepEqual(lineOf(report, 6), {
        line: 6,
        fate: 'skip',
        label: 'Paul Durand COM',
        record: null,
        changes: [],
        reasons: [importMessages.sameNameUnidentified],
        warnings: [
          {
            message: `Possible doublon de « Paul Durand COM » (n° ${paul.id}) : même nom dans la même société`,
            record: paul,
            line: null,
          },
        ],
      });
      assert.deepEqual(lineOf(report, 3)?.reasons, ['Société : Société inconnue']);
      assert.equal(await snapshot(suite.database.db), before);

      const imported = await upload(suite, '/import/contacts', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      assert.ok(imported.body.data!.id! > 0);
      const helene = await suite.database.db
        .selectFrom('contact')
        .selectAll()
        .where('email', '=', 'helene@example.fr')
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [
          helene.title,
          helene.first_name,
          helene.last_name,
          helene.phone,
          helene.job_title,
          helene.company_id,
          helene.owner_id,
          helene.is_active,
        ],
        [
          'madam',
          'Hélène',
          'Lefèvre',
          '0033612345678',
          'Directrice, achats',
          suite.fixture.company,
          suite.fixture.users.COM,
          false,
        ],
      );
      const history = await suite.database.db
        .selectFrom('history')
        .selectAll()
        .where('entity', '=', 'contact')
        .where('entity_id', '=', helene.id)
        .execute();
      assert.deepEqual(
        history.map((row) => [row.action, row.import_id]),
        [['import', imported.body.data!.id]],
      );
    });

    it('skips or updates the existing records, as the user chooses, and can be mapped by hand', async () => {
      const file = lines(
        'Nom de la boîte;Numéro;Localité',
        `Société Test;${'73282932000074'};Besançon`,
        `Zêta;${siret(20)};Dijon`,
      );
      const unmapped = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(unmapped.body.data), [
        '1 Raison sociale: Colonne obligatoire absente : Raison sociale',
        '1 SIRET: Colonne obligatoire absente : SIRET',
      ]);
      assert.equal(unmapped.body.data?.rejected, 2);
      const mapping = JSON.stringify({ name: 0, registrationId: 1, city: 2 });
      const skip = await upload(suite, '/import/companies', file, { onExisting: 'skip', mapping }, suite.tokens.COM);
      assert.deepEqual(countsOf(skip.body.data), { created: 1, updated: 0, unchanged: 0, skipped: 1, rejected: 0 });
      assert.equal(fateOf(skip.body.data, 2), `skip | ${importMessages.existingKept}`);
      assert.deepEqual(lineOf(skip.body.data, 2)?.record, { id: suite.fixture.company, label: 'Société Test' });
      const test = () =>
        suite.database.db
          .selectFrom('company')
          .selectAll()
          .where('id', '=', suite.fixture.company)
          .executeTakeFirstOrThrow();
      assert.equal((await test()).city, null);
      const file2 = lines(
        'Raison sociale;SIRET;Ville',
        'Société Test;73282932000074;Besançon',
        `Zêta;${siret(20)};Dijon`,
      );
      const update = await upload(suite, '/import/companies', file2, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(countsOf(update.body.data), { created: 0, updated: 1, unchanged: 1, skipped: 0, rejected: 0 });
      assert.deepEqual(lineOf(update.body.data, 2)?.changes, [{ field: 'city', before: null, after: 'Besançon' }]);
      assert.equal(fateOf(update.body.data, 3), 'unchanged');
      const after = await test();
      assert.deepEqual([after.name, after.city, after.owner_id], ['Société Test', 'Besançon', suite.fixture.users.ADM]);
      const history = await suite.database.db
        .selectFrom('history')
        .selectAll()
        .where('entity', '=', 'company')
        .where('entity_id', '=', suite.fixture.company)
        .execute();
      assert.deepEqual(
        history.map((row) => [row.action, row.import_id, row.changes]),
        [['import', update.body.data!.id, { city: { from: null, to: 'Besançon' } }]],
      );
    });

    it('keeps what a record holds when an updating row leaves a mapped cell empty', async () => {
      const file = lines('Raison sociale;SIRET;Ville;Secteur', 'Société Test;73282932000074;;Banque');
      const update = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([update.body.data?.updated, update.body.data?.rejected], [1, 0], JSON.stringify(update.body));
      const company = await suite.database.db
        .selectFrom('company')
        .selectAll()
        .where('id', '=', suite.fixture.company)
        .executeTakeFirstOrThrow();
      assert.deepEqual([company.city, company.sector], ['Besançon', 'Banque']);
      // Nothing to change: the row is unchanged, not counted as an update.
      const again = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([again.body.data?.updated, again.body.data?.unchanged, again.body.data?.skipped], [0, 1, 0]);
      // As the next tests expect it.
      await suite.database.db
        .updateTable('company')
        .set({ sector: null })
        .where('id', '=', suite.fixture.company)
        .execute();
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

    it('refuses a file whose quote is never closed, naming its line, column and text, and writes nothing of it', async () => {
      // The quote of line 3 would swallow every line after it into one cell: the rows of the first chunk, written
      // before the end of the file is read, are undone with the rest.
      const file = lines(
        'Raison sociale;SIRET;Ville',
        ...fillers(4_000),
        `Guillemet;${siret(4_999)};"Saint-Étienne`,
        `Avalée;${siret(4_998)};Lyon`,
      );
      const line = ROWS_PER_CHUNK + 2;
      const expected = [
        {
          message: 'dataInvalid',
          field: 'file',
          line,
          detail: importMessages.openQuote(line, 'Ville', 'Saint-Étienne'),
        },
      ];
      assert.match(
        expected[0].detail,
        new RegExp(`^Guillemet jamais refermé ligne ${line}, colonne « Ville » : « "Saint-Étienne… »`),
      );
      const before = await snapshot(suite.database.db);
      for (const url of ['/import/companies/check', '/import/companies']) {
        const answer = await upload(suite, url, file, { onExisting: 'skip' }, suite.tokens.COM);
        assert.deepEqual([answer.status, answer.body.errors], [422, expected], url);
      }
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('says why a file in UTF-16, a binary file or one with a NUL character cannot be read', async () => {
      const text = lines('Raison sociale;SIRET', `Unicode;${siret(70)}`);
      const utf16 = Buffer.from(text, 'utf16le');
      const png = Buffer.concat([
        Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
        Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)),
      ]);
      const nul = Buffer.from(lines('Raison sociale;SIRET', `Avant;${siret(71)}`, `Nul\u0000;${siret(72)}`), 'utf8');
      const cases: [string, Buffer, { detail: string; line?: number }][] = [
        [
          'UTF-16 with its byte order mark',
          Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]),
          { detail: importMessages.utf16 },
        ],
        ['UTF-16 without it', utf16, { detail: importMessages.utf16 }],
        ['binary', png, { detail: importMessages.binary }],
        ['NUL on line 3', nul, { detail: importMessages.nul(3), line: 3 }],
      ];
      const before = await snapshot(suite.database.db);
      for (const [name, bytes, why] of cases) {
        for (const url of ['/import/companies/check', '/import/companies']) {
          const answer = await upload(suite, url, bytes, { onExisting: 'skip' }, suite.tokens.COM);
          assert.deepEqual(
            [answer.status, answer.body.errors],
            [422, [{ message: 'dataInvalid', field: 'file', ...why }]],
            `${name}: ${url}`,
          );
        }
      }
      assert.equal(await snapshot(suite.database.db), before);
    });

    it('removes at start the uploads a stopped process left in the temporary folder, and only those', async () => {
      // A process that has ended: its pid is free (until the system gives it again).
      const ended = spawnSync(process.execPath, ['-e', '']).pid;
      assert.ok(ended !== undefined);
      const left = path.join(tmpdir(), `bo-upload-${ended}-left-by-a-crash`);
      const mine = path.join(tmpdir(), `bo-upload-${process.pid}-under-way`);
      const another = path.join(tmpdir(), `bo-upload-${process.ppid}-under-way-elsewhere`);
      for (const file of [left, mine, another]) await writeFile(file, 'Raison sociale;SIRET\r\n');
      const exists = (file: string) =>
        access(file).then(
          () => true,
          () => false,
        );
      const app = await createTestApp(suite.database.db);
      try {
        assert.deepEqual([await exists(left), await exists(mine), await exists(another)], [false, true, true]);
      } finally {
        await app.close();
        await Promise.all([mine, another].map((file) => rm(file, { force: true })));
      }
    });

    it('undoes the last import, and refuses once a row changed since, naming it', async () => {
      const db = suite.database.db;
      const file = lines(
        'Raison sociale;SIRET;Secteur',
        `Omega;${siret(40)};Conseil`,
        'Société Test;73282932000074;Banque',
      );
      const first = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual([first.body.data?.created, first.body.data?.updated], [1, 1]);
      const id = first.body.data!.id!;
      const last = await call<LastImport>(suite.app, 'GET', '/import/last', {
        token: suite.tokens.COM,
        query: { kind: 'companies' },
      });
      assert.deepEqual(
        [last.body.data?.id, last.body.data?.created, last.body.data?.updated, last.body.data?.fileName],
        [id, 1, 1, 'import.csv'],
      );
      const noContacts = await call<LastImport>(suite.app, 'GET', '/import/last', {
        token: suite.tokens.COM,
        query: { kind: 'contacts' },
      });
      assert.equal(noContacts.body.data, null);
      const other = await call<ImportUndo>(suite.app, 'POST', `/import/${id}/undo`, { token: suite.tokens.DIR });
      assert.deepEqual([other.status, other.body.errors], [403, [{ message: 'forbidden' }]]);
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${id}/undo`, { token: suite.tokens.COM });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
      assert.equal(
        (await db.selectFrom('company').select('id').where('registration_id', '=', siret(40)).execute()).length,
        0,
      );
      assert.equal(
        (
          await db
            .selectFrom('company')
            .select('sector')
            .where('id', '=', suite.fixture.company)
            .executeTakeFirstOrThrow()
        ).sector,
        null,
      );
      const again = await call<ImportUndo>(suite.app, 'POST', `/import/${id}/undo`, { token: suite.tokens.COM });
      // The import before it (an earlier test's) is the last one in force again.
      const previous = await call<LastImport>(suite.app, 'GET', '/import/last', {
        token: suite.tokens.COM,
        query: { kind: 'companies' },
      });
      assert.ok(previous.body.data !== null && previous.body.data !== undefined && previous.body.data.id < id);
      assert.deepEqual([again.status, again.body.errors[0]?.message], [403, 'notAllowed']);

      const second = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      const omega = await db
        .selectFrom('company')
        .selectAll()
        .where('registration_id', '=', siret(40))
        .executeTakeFirstOrThrow();
      // A change since the import, as the company's form records it: the row, and its history entry.
      await db.updateTable('company').set({ name: 'Omega Groupe' }).where('id', '=', omega.id).execute();
      await db
        .insertInto('history')
        .values({
          entity: 'company',
          entity_id: omega.id,
          action: 'update',
          changes: JSON.stringify({ name: { from: 'Omega', to: 'Omega Groupe' } }),
          user_id: suite.fixture.users.COM,
        })
        .execute();
      const before = await snapshot(db);
      const refused = await call<ImportUndo>(suite.app, 'POST', `/import/${second.body.data!.id}/undo`, {
        token: suite.tokens.COM,
      });
      assert.deepEqual(refused.body.data, {
        undone: false,
        blockers: [{ line: 2, label: 'Omega Groupe', reason: 'modifiée depuis l’import' }],
      });
      assert.equal(await snapshot(db), before);
    });

    it('reads back the companies export as it is: every company found again, nothing to create', async () => {
      const exported = await suite.app.inject({
        method: 'GET',
        url: '/companies/export',
        headers: { authorization: suite.tokens.COM },
      });
      assert.equal(exported.statusCode, 200);
      const count = await suite.database.db
        .selectFrom('company')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const answer = await upload(
        suite,
        '/import/companies/check',
        exported.rawPayload,
        { onExisting: 'update' },
        suite.tokens.COM,
      );
      const report = answer.body.data!;
      assert.deepEqual(problemsOf(report), []);
      // Its parent column too (« Société mère »), each parent found again by its name.
      assert.equal(report.mapping.parent, report.headers.indexOf('Société mère'));
      assert.equal(report.rows, Number(count.n));
      assert.deepEqual(countsOf(report), {
        created: 0,
        updated: 0,
        unchanged: Number(count.n),
        skipped: 0,
        rejected: 0,
      });
    });

    it('refuses the roles the permission table leaves out', async () => {
      // Upload files of other processes sharing the temporary folder are not this test's.
      const uploads = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('bo-upload-'));
      const others = new Set(await uploads());
      const file = lines('Raison sociale;SIRET', `Refus;${siret(60)}`);
      for (const url of [
        '/import/companies/check',
        '/import/companies',
        '/import/contacts/check',
        '/import/contacts',
      ]) {
        const answer = await upload(suite, url, file, { onExisting: 'skip' }, suite.tokens.REC);
        assert.deepEqual([answer.status, answer.body.errors], [403, [{ message: 'forbidden' }]], url);
      }
      const last = await call(suite.app, 'GET', '/import/last', {
        token: suite.tokens.REC,
        query: { kind: 'contacts' },
      });
      assert.deepEqual([last.status, last.body.errors], [403, [{ message: 'forbidden' }]]);
      // Past the contract's 20 MB, refused as too large, nothing read into the database.
      const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
      const tooLarge = await upload(suite, '/import/companies/check', big, { onExisting: 'skip' }, suite.tokens.COM);
      assert.deepEqual([tooLarge.status, tooLarge.body.errors[0]?.message], [413, 'dataInvalid']);
      const noFile = await call(suite.app, 'POST', '/import/companies/check', {
        token: suite.tokens.COM,
        fields: { onExisting: 'skip' },
      });
      assert.deepEqual([noFile.status, noFile.body.errors[0]?.message], [422, 'dataInvalid']);
      // Every upload's temporary file is gone once its request is answered (the hook runs just after the answer).
      const left = async () => (await uploads()).filter((name) => !others.has(name));
      for (let wait = 0; wait < 40 && (await left()).length > 0; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      assert.deepEqual(await left(), []);
    });

    it('finds a duplicate of a row of the first chunk of the file in a later chunk', async () => {
      const file = lines(
        'Raison sociale;SIRET',
        `Alpha Chunk;${siret(100)}`,
        ...fillers(1_000),
        `Alpha Chunk bis;${siret(100)}`,
        `ALPHA chunk;${siret(101)}`,
      );
      const answer = await upload(suite, '/import/companies/check', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(answer.body.data), [
        `${ROWS_PER_CHUNK + 3} SIRET: Doublon de la ligne 2 du fichier`,
        `${ROWS_PER_CHUNK + 4} Raison sociale: Doublon de la ligne 2 du fichier`,
      ]);
      assert.deepEqual(
        [answer.body.data?.rows, answer.body.data?.created, answer.body.data?.rejected],
        [ROWS_PER_CHUNK + 3, ROWS_PER_CHUNK + 1, 2],
      );
    });

    it('writes nothing when a row of a later chunk fails, the chunks before it written already', async () => {
      await failsOnBoum(lines('Raison sociale;SIRET', ...fillers(2_000), `Boum;${siret(2_999)}`));
    });

    it('imports what the dry run reported when a later chunk names a record an earlier chunk changed', async () => {
      // Row 2 renames "Société Test"; a row of the next chunk takes its old name: refused, as it was before the import.
      const file = lines(
        'Raison sociale;SIRET',
        'Société Test renommée;73282932000074',
        ...fillers(3_000),
        `Société Test;${siret(3_999)}`,
      );
      const checked = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(checked.body.data), [
        `${ROWS_PER_CHUNK + 3} Raison sociale: Nom existant (une autre société porte ce nom)`,
      ]);
      const imported = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      assert.deepEqual({ ...imported.body.data, id: null }, checked.body.data);
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${imported.body.data!.id}/undo`, {
        token: suite.tokens.COM,
      });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
      const company = await suite.database.db
        .selectFrom('company')
        .select('name')
        .where('id', '=', suite.fixture.company)
        .executeTakeFirstOrThrow();
      assert.equal(company.name, 'Société Test');
    });

    it('never updates a contact found by its phone or its name alone: the row is created or left out, flagged as a possible doublon', async () => {
      const db = suite.database.db;
      const paul = { id: suite.fixture.active.DIB, label: 'Paul Durand DIB' };
      await db
        .updateTable('contact')
        .set({ email: 'paul.dib@example.fr', phone: '0033612340001' })
        .where('id', '=', paul.id)
        .execute();
      const before = await db.selectFrom('contact').selectAll().where('id', '=', paul.id).executeTakeFirstOrThrow();
      const file = lines(
        'Civilité;Prénom;Nom;E-mail;Téléphone;Société;Fonction',
        // A new name, a new e-mail, Paul's phone: someone else.
        'M.;Marc;Nouveau;marc.nouveau@example.fr;06 12 34 00 01;Société Test;Acheteur',
        // Paul's name in his company, nothing else: most likely Paul, never updated.
        'M.;Paul;Durand DIB;;;Société Test;Directeur',
        // Paul's name in his company with an e-mail of its own: a homonym, created.
        'M.;Paul;Durand DIB;p.durand@example.fr;;Société Test;',
      );
      const checked = await upload(suite, '/import/contacts/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(checked.status, 200, JSON.stringify(checked.body));
      const report = checked.body.data!;
      assert.deepEqual(countsOf(report), { created: 2, updated: 0, unchanged: 0, skipped: 1, rejected: 0 });
      assert.deepEqual(lineOf(report, 2), {
        line: 2,
        fate: 'create',
        label: 'Marc Nouveau',
        record: null,
        changes: [],
        reasons: [],
        warnings: [
          {
            message: `Possible doublon de « Paul Durand DIB » (n° ${paul.id}) : même téléphone`,
            record: paul,
            line: null,
          },
        ],
      });
      assert.equal(
        fateOf(report, 3),
        `skip | ${importMessages.sameNameUnidentified} | ! Possible doublon de « Paul Durand DIB » (n° ${paul.id}) : même nom dans la même société`,
      );
      assert.equal(
        fateOf(report, 4),
        `create | ! Possible doublon de la ligne 3 du fichier : même nom dans la même société | ! Possible doublon de « Paul Durand DIB » (n° ${paul.id}) : même nom dans la même société`,
      );

      const imported = await upload(suite, '/import/contacts', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual({ ...imported.body.data, id: null }, report, 'the import does what the dry run said');
      assert.deepEqual(
        await db.selectFrom('contact').selectAll().where('id', '=', paul.id).executeTakeFirstOrThrow(),
        before,
      );
      const marc = await db
        .selectFrom('contact')
        .selectAll()
        .where('email', '=', 'marc.nouveau@example.fr')
        .executeTakeFirstOrThrow();
      assert.deepEqual([marc.first_name, marc.last_name, marc.phone], ['Marc', 'Nouveau', '0033612340001']);
    });

    it('updates the contact its e-mail names, case aside, and tells each field changed with its value before and after', async () => {
      const paul = { id: suite.fixture.active.DIB, label: 'Paul Durand DIB' };
      const file = lines(
        'Civilité;Prénom;Nom;Fonction;E-mail;Téléphone;Propriétaire',
        'M.;Paul;Durand DIB;Directeur achats;PAUL.DIB@example.fr;07 00 00 00 02;COB',
        'M.;Paul;Durand DIB;;paul.dib@EXAMPLE.fr;;',
      );
      const skip = await upload(
        suite,
        '/import/contacts/check',
        lines(...file.trim().split('\r\n').slice(0, 2)),
        { onExisting: 'skip' },
        suite.tokens.COM,
      );
      assert.equal(fateOf(skip.body.data, 2), `skip | ${importMessages.existingKept}`);
      // A business team member may not change an owner, a file no more than the form.
      const byTeam = await upload(suite, '/import/contacts/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.ok(
        problemsOf(byTeam.body.data!).includes(`2 Propriétaire: ${importMessages.ownerChangeForbidden}`),
        JSON.stringify(problemsOf(byTeam.body.data!)),
      );
      const checked = await upload(suite, '/import/contacts/check', file, { onExisting: 'update' }, suite.tokens.DIR);
      const report = checked.body.data!;
      assert.deepEqual(problemsOf(report), ['3 E-mail: Doublon de la ligne 2 du fichier']);
      assert.deepEqual(lineOf(report, 2), {
        line: 2,
        fate: 'update',
        label: 'Paul Durand DIB',
        record: paul,
        changes: [
          { field: 'jobTitle', before: null, after: 'Directeur achats' },
          { field: 'phone', before: '0033 6 12 34 00 01', after: '0033 7 00 00 00 02' },
          { field: 'owner', before: 'DIB', after: 'COB' },
        ],
        reasons: [],
        warnings: [],
      });
      assert.deepEqual(lineOf(report, 3)?.fate, 'reject');
      const imported = await upload(suite, '/import/contacts', file, { onExisting: 'update' }, suite.tokens.DIR);
      assert.equal(imported.body.data?.updated, 1);
      const after = await suite.database.db
        .selectFrom('contact')
        .selectAll()
        .where('id', '=', paul.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [after.email, after.job_title, after.phone, after.owner_id],
        ['paul.dib@example.fr', 'Directeur achats', '0033700000002', suite.fixture.users.COB],
      );
    });

    it('matches by the id column only what its e-mail or its name confirms, and refuses a row whose e-mail and id name two contacts', async () => {
      const { active, standby } = suite.fixture;
      const file = lines(
        'Identifiant;Civilité;Prénom;Nom;E-mail;Fonction',
        `${standby.DIB};Mme;Élise;Écrin DIB;paul.dib@example.fr;`,
        `${active.DIB};M.;Paul;Durand DIB;paul.durand@example.fr;`,
        '999999;M.;Jean;Inconnu;;',
        `${standby.COB};M.;Autre;Personne;;Acheteur`,
        'n° 12;M.;Jean;Mauvais;;',
      );
      const checked = await upload(suite, '/import/contacts/check', file, { onExisting: 'update' }, suite.tokens.COM);
      const report = checked.body.data!;
      assert.deepEqual(report.mapping.id, 0);
      assert.deepEqual(problemsOf(report), [
        `2 Identifiant: Ligne contradictoire : l’identifiant désigne « Élise Écrin DIB » (n° ${standby.DIB}), mais la ligne désigne « Paul Durand DIB » (n° ${active.DIB})`,
        `4 Identifiant: ${importMessages.unknownId}`,
        `5 Identifiant: L’identifiant désigne « Élise Écrin COB » (n° ${standby.COB}), que la ligne ne nomme pas (ni son e-mail ni son nom)`,
        `6 Identifiant: ${importMessages.invalidId}`,
      ]);
      // The id and the name agree: the e-mail changes.
      assert.deepEqual(lineOf(report, 3)?.changes, [
        { field: 'email', before: 'paul.dib@example.fr', after: 'paul.durand@example.fr' },
      ]);
      assert.deepEqual(countsOf(report), { created: 0, updated: 1, unchanged: 0, skipped: 0, rejected: 4 });
    });

    it('reports every line of a small file, and at most IMPORT_REPORT_LINES lines of a big one, plain creations last', async () => {
      const count = IMPORT_REPORT_LINES + 100;
      const file = lines(
        'Raison sociale;SIRET',
        ...Array.from({ length: count }, (_, i) => `Volume ${i};${siret(10_000 + i)}`),
        'Volume mauvais;123',
        'Société Test;73282932000074',
      );
      const answer = await upload(suite, '/import/companies/check', file, { onExisting: 'skip' }, suite.tokens.COM);
      const report = answer.body.data!;
      assert.deepEqual(countsOf(report), { created: count, updated: 0, unchanged: 1, skipped: 0, rejected: 1 });
      assert.equal(report.lines.length, IMPORT_REPORT_LINES);
      assert.equal(report.moreLines, count + 2 - IMPORT_REPORT_LINES);
      assert.deepEqual(report.lines.map((line) => line.line).slice(-2), [count + 2, count + 3]);
      assert.deepEqual(
        [fateOf(report, count + 2), fateOf(report, count + 3)],
        ['reject | SIRET : Entrée non valide', 'unchanged'],
      );
      assert.deepEqual(lineOf(report, 2), {
        line: 2,
        fate: 'create',
        label: 'Volume 0',
        record: null,
        changes: [],
        reasons: [],
        warnings: [],
      });
    });

    it('creates the subsidiaries of a companies file under the parent it names, by SIRET or by name, existing or of the file, parents first', async () => {
      const db = suite.database.db;
      const file = lines(
        'Raison sociale;SIRET;Société mère',
        `Filiale par SIRET;${siret(200)};732 829 320 00074`,
        `Filiale par nom;${siret(201)};société test`,
        `Filiale d’un groupe plus bas;${siret(202)};Groupe Nouveau`,
        `Groupe Nouveau;${siret(203)};`,
        `Filiale inconnue;${siret(204)};Inconnue SA`,
        `Petite-fille;${siret(205)};${siret(202)}`,
        `Boucle Un;${siret(206)};Boucle Deux`,
        `Boucle Deux;${siret(207)};Boucle Un`,
        `Filiale de fermée;${siret(208)};Fermée SA`,
        `Elle-même;${siret(209)};Elle-même`,
        `Sous la boucle;${siret(210)};Boucle Un`,
      );
      const checked = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(checked.status, 200, JSON.stringify(checked.body));
      const report = checked.body.data!;
      assert.equal(report.mapping.parent, 2);
      assert.deepEqual(problemsOf(report), [
        `6 Société mère: ${importMessages.unknownParent}`,
        '8 Société mère: Sociétés mères en boucle (lignes 8, 9 du fichier)',
        '9 Société mère: Sociétés mères en boucle (lignes 8, 9 du fichier)',
        '10 Société mère: La société mère est inactive',
        `11 Société mère: ${importMessages.ownParent}`,
        '12 Société mère: Société mère non importée (ligne 8 du fichier)',
      ]);
      assert.deepEqual(countsOf(report), { created: 5, updated: 0, unchanged: 0, skipped: 0, rejected: 6 });
      assert.equal(
        fateOf(report, 6),
        'reject | Société mère : Société mère inconnue (ni dans la base ni dans le fichier)',
      );

      const imported = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      assert.deepEqual({ ...imported.body.data, id: null }, report);
      const companies = await db
        .selectFrom('company as c')
        .leftJoin('company as p', 'p.id', 'c.parent_id')
        .select(['c.name', 'p.name as parent', 'c.subsidiary_count'])
        .where('c.registration_id', 'in', [siret(200), siret(201), siret(202), siret(203), siret(205)])
        .orderBy('c.registration_id')
        .execute();
      assert.deepEqual(
        companies.map((c) => [c.name, c.parent, c.subsidiary_count]),
        [
          ['Filiale par SIRET', 'Société Test', 0],
          ['Filiale par nom', 'Société Test', 0],
          ['Filiale d’un groupe plus bas', 'Groupe Nouveau', 1],
          ['Groupe Nouveau', null, 1],
          ['Petite-fille', 'Filiale d’un groupe plus bas', 0],
        ],
      );
      const history = await db
        .selectFrom('history as h')
        .innerJoin('company as c', 'c.id', 'h.entity_id')
        .select(['h.changes'])
        .where('h.entity', '=', 'company')
        .where('c.registration_id', '=', siret(205))
        .executeTakeFirstOrThrow();
      const parentId = (
        await db.selectFrom('company').select('id').where('registration_id', '=', siret(202)).executeTakeFirstOrThrow()
      ).id;
      assert.deepEqual((history.changes as Record<string, unknown>).parentId, { to: parentId });

      // Read back from the export, the groups are found again as they are.
      const exported = await suite.app.inject({
        method: 'GET',
        url: '/companies/export',
        headers: { authorization: suite.tokens.COM },
      });
      const again = await upload(
        suite,
        '/import/companies/check',
        exported.rawPayload,
        { onExisting: 'update' },
        suite.tokens.COM,
      );
      assert.deepEqual(
        [again.body.data?.created, again.body.data?.updated, again.body.data?.rejected],
        [0, 0, 0],
        JSON.stringify(again.body.data?.problems),
      );

      // Undone, the subsidiaries go with their parent created by the same import.
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${imported.body.data!.id}/undo`, {
        token: suite.tokens.COM,
      });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
      assert.equal(
        (
          await db
            .selectFrom('company')
            .select('id')
            .where('registration_id', 'in', [siret(200), siret(202), siret(203), siret(205)])
            .execute()
        ).length,
        0,
      );
      const test = await db
        .selectFrom('company')
        .select('subsidiary_count')
        .where('id', '=', suite.fixture.company)
        .executeTakeFirstOrThrow();
      assert.equal(test.subsidiary_count, 0);
    });

    it('moves an existing company under the parent a row names, never under one of its own subsidiaries', async () => {
      const db = suite.database.db;
      await upload(
        suite,
        '/import/companies',
        lines('Raison sociale;SIRET;Société mère', `Filiale Test;${siret(220)};Société Test`),
        { onExisting: 'update' },
        suite.tokens.COM,
      );
      const file = lines(
        'Raison sociale;SIRET;Société mère',
        `Zêta;${siret(20)};Société Test`,
        'Société Test;73282932000074;Filiale Test',
        `Nouvelle mère;${siret(221)};`,
        `Omega Groupe;${siret(40)};Nouvelle mère`,
      );
      const checked = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      const report = checked.body.data!;
      assert.deepEqual(problemsOf(report), [`3 Société mère: ${importMessages.parentIsSubsidiary}`]);
      assert.deepEqual(lineOf(report, 2)?.changes, [{ field: 'parent', before: null, after: 'Société Test' }]);
      // A parent the file creates: its name as the file has it.
      assert.deepEqual(lineOf(report, 5)?.changes, [{ field: 'parent', before: null, after: 'Nouvelle mère' }]);
      const imported = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(countsOf(imported.body.data), { created: 1, updated: 2, unchanged: 0, skipped: 0, rejected: 1 });
      const parentOf = async (registrationId: string) =>
        (
          await db
            .selectFrom('company as c')
            .leftJoin('company as p', 'p.id', 'c.parent_id')
            .select('p.name')
            .where('c.registration_id', '=', registrationId)
            .executeTakeFirstOrThrow()
        ).name;
      assert.deepEqual([await parentOf(siret(20)), await parentOf(siret(40))], ['Société Test', 'Nouvelle mère']);
      // Undone: the moved company back under its parent, the new parent removed.
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${imported.body.data!.id}/undo`, {
        token: suite.tokens.COM,
      });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
      assert.deepEqual([await parentOf(siret(20)), await parentOf(siret(40))], [null, null]);
      assert.equal(
        (await db.selectFrom('company').select('id').where('registration_id', '=', siret(221)).execute()).length,
        0,
      );
    });

    it('creates a subsidiary whose parent comes in a later chunk of the file, as the dry run said', async () => {
      const file = lines(
        'Raison sociale;SIRET;Société mère',
        `Filiale en avance;${siret(300)};Mère en retard`,
        ...fillers(4_000),
        `Mère en retard;${siret(301)};`,
      );
      const checked = await upload(suite, '/import/companies/check', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(checked.body.data), []);
      assert.equal(fateOf(checked.body.data, 2), 'create');
      const imported = await upload(suite, '/import/companies', file, { onExisting: 'skip' }, suite.tokens.COM);
      assert.deepEqual({ ...imported.body.data, id: null }, checked.body.data);
      const child = await suite.database.db
        .selectFrom('company as c')
        .innerJoin('company as p', 'p.id', 'c.parent_id')
        .select(['p.registration_id', 'p.id'])
        .where('c.registration_id', '=', siret(300))
        .executeTakeFirstOrThrow();
      assert.equal(child.registration_id, siret(301));
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${imported.body.data!.id}/undo`, {
        token: suite.tokens.COM,
      });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
    });

    it('records no import when nothing is created or updated, so that the last real one can still be undone', async () => {
      const file = lines('Raison sociale;SIRET;Secteur', `Vide Avant;${siret(400)};Conseil`);
      const real = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(real.body.data?.created, 1);
      const batches = await suite.database.db.selectFrom('import_batch').select('id').execute();
      // The same file again: nothing to do.
      const empty = await upload(suite, '/import/companies', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.equal(empty.status, 200, JSON.stringify(empty.body));
      assert.deepEqual(
        [empty.body.data?.id, countsOf(empty.body.data)],
        [null, { created: 0, updated: 0, unchanged: 1, skipped: 0, rejected: 0 }],
      );
      assert.deepEqual(await suite.database.db.selectFrom('import_batch').select('id').execute(), batches);
      const last = await call<LastImport>(suite.app, 'GET', '/import/last', {
        token: suite.tokens.COM,
        query: { kind: 'companies' },
      });
      assert.equal(last.body.data?.id, real.body.data?.id);
      const undo = await call<ImportUndo>(suite.app, 'POST', `/import/${real.body.data!.id}/undo`, {
        token: suite.tokens.COM,
      });
      assert.deepEqual(undo.body.data, { undone: true, blockers: [] });
    });

    it('does not guess a parent whose name is both an existing company and another company of the file', async () => {
      const zeta = await suite.database.db
        .selectFrom('company')
        .select('id')
        .where('registration_id', '=', siret(20))
        .executeTakeFirstOrThrow();
      const file = lines(
        'Raison sociale;SIRET;Société mère',
        `Zêta;${siret(500)};`,
        `Fille de Zêta;${siret(501)};Zêta`,
      );
      const checked = await upload(suite, '/import/companies/check', file, { onExisting: 'update' }, suite.tokens.COM);
      assert.deepEqual(problemsOf(checked.body.data), [
        '2 Raison sociale: Nom existant (une autre société porte ce nom)',
        `3 Société mère: Société mère ambiguë : désigne « Zêta » (n° ${zeta.id}) et la ligne 2 du fichier`,
      ]);
    });
  });
}
