import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  formatRegistrationId,
  frenchDate,
  toBusinessIsoDate,
  withLuhnCheckDigit,
  type Company,
  type Todo,
} from '@bo/contracts/all';
import { parse } from 'csv-parse/sync';
import { openSeededSuite, type SeededSuite } from '../test/fixtures';
import { call, testEngines } from '../test/harness';
import { openInSpreadsheet, spreadsheetMissing, type SheetCell } from '../test/spreadsheet';

const SIRET = withLuhnCheckDigit('4000000001001');

// The companies' and contacts' exports as the people they are for read them: the structure by a maintained CSV
// parser, each cell by LibreOffice Calc opening the file as French Excel's CSV.
for (const engine of testEngines()) {
  describe(`CSV exports opened in a spreadsheet on ${engine}`, { skip: spreadsheetMissing() ?? false }, () => {
    let suite: SeededSuite;
    let company: Company;
    const today = toBusinessIsoDate(new Date());

    const exported = async (path: string, search: string) => {
      const answer = await suite.app.inject({
        method: 'GET',
        url: `${path}?search=${encodeURIComponent(search)}`,
        headers: { authorization: suite.tokens.COM },
      });
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.body;
    };
    const records = (csv: string): Record<string, string>[] => parse(csv, { delimiter: ';', bom: true, columns: true });
    // The data row's cell under a title of the header row.
    const cellOf = (sheet: SheetCell[][], title: string) => {
      const column = sheet[0].findIndex((cell) => cell.value === title);
      assert.ok(column >= 0, `no column ${title}`);
      const { type, value } = sheet[1][column];
      return { type, value };
    };

    before(async () => {
      suite = await openSeededSuite(engine);
      const { users, tasks } = suite.fixture;
      const created = await call<Company>(suite.app, 'POST', '/company/store', {
        token: suite.tokens.COM,
        fields: {
          name: 'Ain Conseil',
          registrationId: SIRET,
          address: '3 rue Bichat',
          postalCode: '01000',
          city: 'Bourg-en-Bresse',
          phone: '0033 4 74 00 00 00',
          website: 'https://ain.example.fr',
          // A full-width equals sign: some spreadsheets run it as a formula.
          sector: '＝1+1',
          ownerId: users.COM,
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      company = created.body.data!;
      const contact = await call<{ id: number }>(suite.app, 'POST', '/contact/store', {
        token: suite.tokens.COM,
        fields: { title: 'madam', firstName: 'Aline', lastName: 'Ainoise', companyId: company.id, ownerId: users.COM },
      });
      const todo = (taskId: number, deadline: string) =>
        call<Todo>(suite.app, 'POST', `/contact/${contact.body.data!.id}/task/${taskId}/todo/store`, {
          token: suite.tokens.COM,
          fields: { deadline },
        });
      await todo(tasks.call, '2030-03-05');
      const done = (await todo(tasks.mail, '2030-04-02')).body.data!;
      const accomplished = await call(suite.app, 'POST', `/todo/${done.id}/store`, {
        token: suite.tokens.COM,
        fields: { deadline: '2030-04-02', isAccomplished: 1 },
      });
      assert.equal(accomplished.status, 200, JSON.stringify(accomplished.body));
    });
    after(() => suite?.close());

    it('the companies: address, phone and website included; the postal code stays 01000; a formula stays text', async () => {
      const csv = await exported('/companies/export', 'Ain Conseil');
      assert.deepEqual(records(csv), [
        {
          'Raison sociale': 'Ain Conseil',
          SIRET: formatRegistrationId(SIRET),
          'Société mère': '',
          Filiales: '0',
          'Contacts actifs': '1',
          Adresse: '3 rue Bichat',
          'Code postal': '="01000"',
          Ville: 'Bourg-en-Bresse',
          Téléphone: '0033 4 74 00 00 00',
          'Site web': 'https://ain.example.fr',
          Secteur: "'＝1+1",
          Propriétaire: 'COM',
          Active: 'Oui',
        },
      ]);
      const sheet = await openInSpreadsheet(csv);
      assert.deepEqual(cellOf(sheet, 'Code postal'), { type: 'string', value: '01000' });
      assert.deepEqual(cellOf(sheet, 'SIRET'), { type: 'string', value: formatRegistrationId(SIRET) });
      assert.deepEqual(cellOf(sheet, 'Téléphone'), { type: 'string', value: '0033 4 74 00 00 00' });
      assert.deepEqual(cellOf(sheet, 'Secteur'), { type: 'string', value: "'＝1+1" });
      assert.deepEqual(cellOf(sheet, 'Adresse'), { type: 'string', value: '3 rue Bichat' });
    });

    it('the contacts: the next and the last todo each as a date the spreadsheet knows, and its task beside it', async () => {
      const csv = await exported('/contacts/export', 'Ainoise');
      const [row] = records(csv);
      assert.deepEqual(
        [
          row['Prochaine tâche : échéance'],
          row['Prochaine tâche'],
          row['Dernière tâche aboutie : date'],
          row['Dernière tâche aboutie'],
        ],
        ['05/03/2030', 'Appel de suivi', frenchDate(today), 'Relance email'],
      );
      const sheet = await openInSpreadsheet(csv);
      assert.deepEqual(cellOf(sheet, 'Prochaine tâche : échéance'), { type: 'date', value: '2030-03-05' });
      assert.deepEqual(cellOf(sheet, 'Prochaine tâche'), { type: 'string', value: 'Appel de suivi' });
      assert.deepEqual(cellOf(sheet, 'Dernière tâche aboutie : date'), { type: 'date', value: today });
      assert.deepEqual(cellOf(sheet, 'Civilité'), { type: 'string', value: 'Madame' });
    });
  });
}
