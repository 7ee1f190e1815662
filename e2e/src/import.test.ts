// The CSV import of companies in Chromium against the real API, as a business leader (DIR) uses it: a French
// Excel file (Windows-1252, ';') with a bad row and a column to map by hand; the dry run's report line by line, the
// import, the report, the rejected rows downloaded, the undo of the last import.
import {
  formatPhone,
  importMessages,
  onExistingLabels,
  withLuhnCheckDigit,
  type CompanyListItem,
  type Contact,
  type ContactListItem,
  type ListPage,
} from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import { pickOption, useStack } from './harness';

const stack = useStack({ users: ['DIR'] });
const { it, api } = stack;

describe('CSV import', () => {
  it('imports a companies file with a bad row, reads the report, downloads the rejected rows and undoes the import', async () => {
    const stamp = `${Date.now()}`.slice(-8);
    const first = withLuhnCheckDigit(`91${stamp}001`);
    const second = withLuhnCheckDigit(`91${stamp}002`);
    const names = [`Import Énergie ${stamp}`, `Import Forêt ${stamp}`];
    // As French Excel saves it: Windows-1252, ';', CRLF; 'Localité' is no header the import knows.
    const file = Buffer.from(
      [
        'Raison sociale;SIRET;Localité',
        `${names[0]};${first};Besançon`,
        `Import Mauvais ${stamp};12345678901234;Lyon`,
        `${names[1]};${second};Orléans`,
        '',
      ].join('\r\n'),
      'latin1',
    );

    const { context, page } = await stack.newPage('/liste-societes', 'Sociétés');
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des sociétés' });
    await dialog.getByLabel(/^Fichier CSV/).setInputFiles({ name: 'societes.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();

    // The first rows, read with their accents; the dry run's figures and each line's fate, the bad row's reason.
    await dialog.getByRole('cell', { name: names[0] }).first().waitFor();
    await dialog.getByRole('cell', { name: 'Besançon' }).waitFor();
    await dialog
      .getByText('3 lignes : 2 créations, 0 mise à jour, 0 ligne inchangée, 0 ligne ignorée, 1 ligne rejetée.')
      .waitFor();
    const report = dialog.getByRole('table', { name: 'Rapport ligne par ligne' });
    assert.deepEqual(await report.locator('tbody tr').nth(0).locator('td').allInnerTexts(), [
      '2',
      'Création',
      names[0],
      '',
    ]);
    assert.deepEqual(await report.locator('tbody tr').nth(1).locator('td').allInnerTexts(), [
      '3',
      'Rejetée',
      `Import Mauvais ${stamp}`,
      'SIRET : Entrée non valide',
    ]);

    // The town's column mapped by hand, then checked again.
    await pickOption(page, /^Ville/, 'Localité', dialog);
    await dialog.getByRole('button', { name: 'Vérifier avec ces colonnes' }).click();
    await dialog.getByRole('button', { name: 'Importer 2 lignes' }).click();
    await dialog
      .getByText(
        'Import terminé : 2 fiches créées, 0 fiche mise à jour, 0 ligne inchangée, 0 ligne ignorée, 1 ligne rejetée.',
      )
      .waitFor();

    const imported = await api<ListPage<CompanyListItem>>('/companies', { search: stamp, sort: 'name', order: 'asc' });
    assert.deepEqual(
      imported.items.map((company) => [company.name, company.registrationId, company.city]),
      [
        [names[0], first, 'Besançon'],
        [names[1], second, 'Orléans'],
      ],
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger les lignes rejetées' }).click(),
    ]);
    const rejected = await readFile((await download.path()) as string, 'utf8');
    assert.equal(
      rejected,
      `\uFEFFRaison sociale;SIRET;Localité;Motif du rejet\r\nImport Mauvais ${stamp};12345678901234;Lyon;SIRET : Entrée non valide\r\n`,
    );

    // Échap closes the dialog; opened again, it offers to undo that import, the last one.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Importer' }).click();
    const last = dialog.getByRole('region', { name: 'Votre dernier import' });
    await last
      .getByText(/Votre dernier import de sociétés : « societes\.csv » le .*, 2 fiches créées et 0 fiche mise à jour\./)
      .waitFor();
    await last.getByRole('button', { name: 'Annuler ce dernier import' }).click();
    await dialog.getByText(/^Import annulé : les fiches créées sont supprimées/).waitFor();
    const after = await api<ListPage<CompanyListItem>>('/companies', { search: stamp });
    assert.equal(after.total, 0);
    await context.close();
  });

  it('never updates a contact a row only resembles: the same phone is a possible duplicate, the row a new contact', async () => {
    const known = (await api<ListPage<ContactListItem>>('/contacts', { scope: 'all', perPage: 100 })).items.find(
      (contact) => contact.phone !== null,
    )!;
    const stamp = `${Date.now()}`.slice(-8);
    const file = Buffer.from(
      [
        'Civilité;Prénom;Nom;E-mail;Téléphone',
        `Mme;Nouvelle;Personne${stamp};nouvelle.${stamp}@exemple.fr;${formatPhone(known.phone!)}`,
        '',
      ].join('\r\n'),
      'utf8',
    );
    const { context, page } = await stack.newPage('/liste-contacts', 'Contacts');
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des contacts' });
    await dialog.getByLabel(/^Fichier CSV/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();
    await dialog.getByRole('radio', { name: onExistingLabels.update }).check();
    const report = dialog.getByRole('table', { name: 'Rapport ligne par ligne' });
    const line = report.locator('tbody tr').filter({ hasText: `Personne${stamp}` });
    await line.getByText(`Possible doublon de « ${known.firstName} ${known.lastName} »`, { exact: false }).waitFor();
    assert.equal(await line.locator('td').nth(1).innerText(), 'Création');
    await dialog.getByRole('button', { name: 'Importer 1 ligne' }).click();
    await dialog.getByText(/^Import terminé : 1 fiche créée, 0 fiche mise à jour/).waitFor();
    const still = await api<Contact>(`/contact/${known.id}`);
    assert.deepEqual([still.firstName, still.lastName, still.email], [known.firstName, known.lastName, known.email]);
    await context.close();
  });

  it('says, under the file field, which quote of which line is never closed, and which file is no CSV text', async () => {
    const stamp = `${Date.now()}`.slice(-8);
    // Line 2 opens a quote that nothing closes: line 3 would be swallowed into its cell.
    const file = Buffer.from(
      [
        'Raison sociale;SIRET;Ville',
        `Ouverte ${stamp};${withLuhnCheckDigit(`92${stamp}001`)};"Saint-Étienne`,
        `Avalée ${stamp};${withLuhnCheckDigit(`92${stamp}002`)};Lyon`,
        '',
      ].join('\r\n'),
      'utf8',
    );
    const { context, page } = await stack.newPage('/liste-societes', 'Sociétés');
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des sociétés' });
    const field = dialog.getByLabel(/^Fichier CSV/);
    await field.setInputFiles({ name: 'societes.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText(/^Guillemet jamais refermé ligne 2, colonne « Ville » : « "Saint-Étienne… »/).waitFor();
    assert.equal(await alert.innerText(), importMessages.openQuote(2, 'Ville', 'Saint-Étienne'));
    // The field names its error for assistive technology; the dialog stays on its first step.
    assert.equal(await field.getAttribute('aria-describedby'), await alert.getAttribute('id'));
    await dialog.getByRole('button', { name: 'Analyser le fichier' }).waitFor();

    // Saved by Excel as « Texte Unicode »: UTF-16.
    await field.setInputFiles({
      name: 'unicode.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file.toString('utf8'), 'utf16le')]),
    });
    await dialog.getByRole('button', { name: 'Analyser le fichier' }).click();
    await dialog.getByRole('alert').getByText(importMessages.utf16).waitFor();
    const created = await api<ListPage<CompanyListItem>>('/companies', { search: stamp });
    assert.equal(created.total, 0);
    await context.close();
  });
});
