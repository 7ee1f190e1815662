// The needs-sheets remote in Chromium against the real API: a business leader (DIR) creates a sheet with the
// wizard, from a model and by duplication, changes its status and reads its history, searches the full text,
// filters the list by a company found by typing; a recruiter (REC) changes the status of the sheets assigned to
// them only; the admin (ADM) reorders the statuses, which no one else may open.
import {
  addDays,
  formatRegistrationId,
  toBusinessIsoDate,
  type CompanyListItem,
  type CompanyView,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetListItem,
  type NeedsSheetModel,
  type NeedsSheetStatus,
  type Task,
  type User,
} from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { pickOption, useStack } from './harness';

const stack = useStack({ users: ['DIR', 'ADM', 'COM', 'REC'] });
const { it, api } = stack;

const newPage = (path: string, heading: string, trigram = 'DIR') => stack.newPage(path, heading, { as: trigram });

const rows = (page: Page) => page.locator('.bo-list .ant-table-tbody tr.ant-table-row');
const panel = (page: Page) => page.getByRole('dialog');

// A company of the demo with an active contact, and that contact's name as the picker shows it.
async function companyWithContact(): Promise<{ company: CompanyListItem; contact: string }> {
  const companies = await api<ListPage<CompanyListItem>>('/companies', {
    isActive: 1,
    sort: 'name',
    order: 'asc',
    perPage: 50,
  });
  for (const company of companies.items) {
    const view = await api<CompanyView>(`/company/${company.id}`);
    const contact = view.contacts.find((candidate) => candidate.isActive);
    if (contact)
      return {
        company,
        contact: `${contact.firstName} ${contact.lastName}${contact.jobTitle ? ` – ${contact.jobTitle}` : ''}`,
      };
  }
  throw new Error('the demo data has no active contact');
}

async function chooseCompany(page: Page, company: CompanyListItem) {
  const label = `${company.name}${company.city ? ` (${company.city})` : ''} – ${formatRegistrationId(company.registrationId)}`;
  await panel(page)
    .getByLabel(/^Société/)
    .fill(company.name.slice(0, 12));
  // The listbox antd keeps for assistive technologies holds the option once the look-up has answered.
  await page.getByRole('option', { name: label }).first().waitFor({ state: 'attached' });
  await pickOption(page, /^Société/, label);
}

// The wizard's "Suivant" of the step shown.
const next = (page: Page) => panel(page).getByRole('button', { name: 'Suivant' }).click();

describe('needs sheets', () => {
  it('creates a sheet with the wizard: each broken rule named under its field, a check step that reads as the sheet, then its reference and its default deadline', async () => {
    const { company, contact } = await companyWithContact();
    const { context, page } = await newPage('/fiches-de-besoin', 'Fiches de besoin');
    await page.getByRole('button', { name: 'Nouvelle fiche' }).click();
    await panel(page)
      .getByRole('heading', { name: /Étape 1 sur 4/ })
      .waitFor();
    // Nothing chosen: the step stays, each field says why.
    await next(page);
    await panel(page).getByText('Entrée requise').first().waitFor();
    await chooseCompany(page, company);
    await pickOption(page, /^Contact/, contact);
    await next(page);
    await panel(page)
      .getByRole('heading', { name: /Étape 2 sur 4 : Poste/ })
      .waitFor();
    const title = `Développeur Kotlin ${Date.now()}`;
    await panel(page)
      .getByLabel(/^Intitulé du poste/)
      .fill(title);
    await pickOption(page, /^Séniorité/, 'Senior');
    await panel(page)
      .getByLabel(/^Description/)
      .fill('Applications mobiles de réservation, en équipe produit.');
    const skills = panel(page).getByLabel(/^Compétences requises/);
    await skills.fill('Kotlin');
    await skills.press('Enter');
    await skills.fill('Android');
    await skills.press('Enter');
    await next(page);
    await panel(page)
      .getByRole('heading', { name: /Étape 3 sur 4 : Conditions/ })
      .waitFor();
    await pickOption(page, /^Type de contrat/, 'Freelance');
    await pickOption(page, /^Priorité/, 'Haute');
    await panel(page).getByLabel(/^Lieu/).fill('Lyon');
    const recruiter = (await api<User[]>('/users')).find((user) => user.trigram === 'REC')!;
    await pickOption(page, /^Recruteurs/, `REC – ${recruiter.firstName} ${recruiter.lastName}`);
    // Each broken rule is said under its field, in French, and names the rule: a maximum below the minimum, more
    // positions filled than asked, 7 remote days a week.
    await panel(page)
      .getByLabel(/^TJM ou salaire minimum/)
      .fill('900');
    await panel(page)
      .getByLabel(/^TJM ou salaire maximum/)
      .fill('600');
    await panel(page)
      .getByLabel(/^Postes demandés/)
      .fill('2');
    await panel(page)
      .getByLabel(/^Postes pourvus/)
      .fill('3');
    await panel(page)
      .getByLabel(/^Télétravail/)
      .fill('7');
    await next(page);
    const errorUnder = (label: RegExp) =>
      panel(page)
        .locator('.bo-field')
        .filter({ has: page.getByLabel(label) })
        .locator('.bo-field__error');
    await errorUnder(/^Télétravail/)
      .getByText('Entre 0 et 5 jours de télétravail par semaine')
      .waitFor();
    await panel(page)
      .getByLabel(/^Télétravail/)
      .fill('2');
    await next(page);
    await errorUnder(/^TJM ou salaire maximum/)
      .getByText('Le maximum ne peut pas être inférieur au minimum')
      .waitFor();
    await errorUnder(/^Postes pourvus/)
      .getByText('Les postes pourvus ne peuvent pas dépasser les postes demandés')
      .waitFor();
    assert.equal(await panel(page).getByText('Entrée non valide').count(), 0);
    await panel(page)
      .getByLabel(/^TJM ou salaire maximum/)
      .fill('950');
    await panel(page)
      .getByLabel(/^Postes pourvus/)
      .fill('0');
    await next(page);
    await panel(page)
      .getByRole('heading', { name: /Étape 4 sur 4 : Vérification/ })
      .waitFor();
    // The check step reads as the sheet will: names, not ids, and every condition.
    const review = async (label: string) =>
      (
        await panel(page)
          .locator('.ant-descriptions-row')
          .filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
          .locator('td')
          .innerText()
      ).trim();
    await panel(page).getByText('Kotlin, Android').waitFor();
    await panel(page).locator('td', { hasText: company.name }).waitFor();
    assert.equal(await review('Société'), company.name);
    assert.equal(await review('Contact'), contact);
    assert.equal(await review('Priorité'), 'Haute');
    assert.equal(await review('Lieu et télétravail'), 'Lyon · télétravail 2 jours par semaine');
    assert.equal((await review('TJM ou salaire')).replace(/\s/g, ' '), '900 € à 950 €');
    assert.equal(await review('Postes'), '0 pourvu sur 2');
    assert.equal(await review('Recruteurs'), `REC – ${recruiter.firstName} ${recruiter.lastName}`);
    await panel(page).getByRole('button', { name: 'Créer la fiche' }).click();

    await panel(page)
      .getByText(new RegExp(`^Fiche BES-\\d{4}-\\d{4} : ${title}$`))
      .waitFor();
    const id = Number(new URL(page.url()).searchParams.get('sheet'));
    const sheet = await api<NeedsSheet>(`/need/${id}`);
    const today = toBusinessIsoDate(new Date());
    assert.match(sheet.reference, new RegExp(`^BES-${today.slice(0, 4)}-\\d{4}$`));
    assert.deepEqual(
      [
        sheet.title,
        sheet.skills,
        sheet.contractType,
        sheet.rateMax,
        sheet.deadline,
        sheet.priority,
        sheet.place,
        sheet.recruiterIds,
      ],
      [title, ['Kotlin', 'Android'], 'freelance', 950, addDays(today, 10), 'high', 'Lyon', [recruiter.id]],
    );
    await page.getByText(`Fiche ${sheet.reference} créée`).first().waitFor();

    // The list shows it among my sheets, by its reference.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    await page.getByLabel('Rechercher', { exact: true }).fill(sheet.reference);
    await page.getByLabel('Rechercher', { exact: true }).press('Enter');
    // The search applied (in the address), not the list before it, which shows the new sheet too.
    await page.waitForURL((url) => url.searchParams.get('search') === sheet.reference);
    await page.getByText('1 fiche', { exact: true }).waitFor();
    await rows(page).filter({ hasText: title }).waitFor();
    assert.equal(await rows(page).count(), 1);
    await context.close();
  });

  it('changes a status with a comment and reads it in the history; duplicates the sheet', async () => {
    const statuses = await api<NeedsSheetStatus[]>('/need-statuses');
    const page1 = await api<ListPage<NeedsSheet>>('/needs', { scope: 'all', open: 1, perPage: 1 });
    const sheet = page1.items[0];
    const target = statuses.find((status) => status.isActive && status.id !== sheet.status.id && !status.closes)!;
    const { context, page } = await newPage(`/fiches-de-besoin?scope=all&sheet=${sheet.id}`, 'Fiches de besoin');
    await panel(page).getByRole('tab', { name: 'Statut' }).click();
    await pickOption(page, /^Nouveau statut/, target.label);
    await panel(page)
      .getByLabel(/^Commentaire/)
      .fill('Le client a validé le budget');
    await panel(page).getByRole('button', { name: 'Changer le statut' }).click();
    await page.getByText('Statut modifié').first().waitFor();
    await panel(page).getByRole('tab', { name: 'Historique' }).click();
    const story = panel(page).getByRole('region', { name: `Historique de la fiche ${sheet.reference}` });
    await story.getByText('Changement de statut').first().waitFor();
    await story.getByText(`Statut : ${sheet.status.label} → ${target.label}`).waitFor();
    await story.getByText('Commentaire : Le client a validé le budget').waitFor();

    // A follow-up todo for the sheet's contact, with the agenda's dialog.
    const tasks = await api<Task[]>('/tasks');
    await panel(page).getByRole('button', { name: 'Ajouter une tâche de suivi' }).click();
    const todoDialog = page.getByRole('dialog', {
      name: `Ajouter une tâche pour ${sheet.contact.firstName} ${sheet.contact.lastName}`,
    });
    await todoDialog.waitFor();
    await pickOption(page, /Type de tâche/, tasks[0].description, todoDialog);
    await todoDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Tâche ajoutée, contact activé').first().waitFor();
    await todoDialog.waitFor({ state: 'hidden' });

    await panel(page).getByRole('button', { name: 'Dupliquer' }).click();
    await page
      .getByText(/Fiche BES-\d{4}-\d{4} créée par duplication/)
      .first()
      .waitFor();
    await page.waitForURL((url) => url.searchParams.get('sheet') !== String(sheet.id));
    const copyId = Number(new URL(page.url()).searchParams.get('sheet'));
    const copy = await api<NeedsSheet>(`/need/${copyId}`);
    assert.notEqual(copy.reference, sheet.reference);
    assert.equal(copy.title, sheet.title);
    await panel(page).getByText(`Fiche ${copy.reference} : ${copy.title}`).waitFor();
    await context.close();
  });

  it('prints a sheet on one A4 page, the sheet alone', async () => {
    const sheets = await api<ListPage<NeedsSheet>>('/needs', { scope: 'all', perPage: 1 });
    const sheet = sheets.items[0];
    const { context, page } = await newPage(`/fiches-de-besoin?scope=all&sheet=${sheet.id}`, 'Fiches de besoin');
    await panel(page).getByRole('tab', { name: 'Impression' }).click();
    const sheetToPrint = page.getByRole('article', { name: `Fiche ${sheet.reference} à imprimer` });
    await sheetToPrint.getByRole('heading', { name: sheet.title }).waitFor();
    await page.emulateMedia({ media: 'print' });
    assert.equal(await sheetToPrint.isVisible(), true);
    assert.equal(
      await page.getByRole('heading', { name: 'Fiches de besoin', level: 1 }).isVisible(),
      false,
      'the page around it is not printed',
    );
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    assert.equal(pdf.match(/\/Type\s*\/Page[^s]/g)?.length, 1, 'one A4 page');
    await context.close();
  });

  it('opens the wizard from a model, pre-filled', async () => {
    const models = await api<NeedsSheetModel[]>('/need-models');
    const model = models[0];
    const { context, page } = await newPage('/fiches-de-besoin/models', 'Modèles de fiches');
    await rows(page)
      .filter({ hasText: model.title })
      .getByRole('button', { name: 'Créer une fiche depuis ce modèle' })
      .click();
    await page.getByRole('heading', { name: 'Fiches de besoin', level: 1 }).waitFor();
    await panel(page).getByText(`Nouvelle fiche depuis le modèle « ${model.title} »`).waitFor();
    const { company, contact } = await companyWithContact();
    await chooseCompany(page, company);
    await pickOption(page, /^Contact/, contact);
    await next(page);
    assert.equal(
      await panel(page)
        .getByLabel(/^Intitulé du poste/)
        .inputValue(),
      model.title,
    );
    await next(page);
    await next(page);
    await panel(page).getByText(`Reçue le + ${model.delay} jours`).waitFor();
    await panel(page).getByRole('button', { name: 'Créer la fiche' }).click();
    await panel(page)
      .getByText(new RegExp(`^Fiche BES-\\d{4}-\\d{4} : ${model.title}$`))
      .waitFor();
    const sheet = await api<NeedsSheet>(`/need/${new URL(page.url()).searchParams.get('sheet')}`);
    assert.deepEqual([sheet.modelId, sheet.deadline], [model.id, addDays(sheet.receivedDate, model.delay)]);
    await context.close();
  });

  it('searches the full text: a plural without its accents finds the sheets, matched words highlighted', async () => {
    const { context, page } = await newPage('/fiches-de-besoin/recherche', 'Recherche de fiches');
    const box = page.getByLabel('Rechercher dans les fiches');
    await box.fill('developpeurs');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'developpeurs');
    await rows(page).first().waitFor();
    const marks = await page.locator('.bo-list mark').allInnerTexts();
    assert.ok(marks.length > 0, 'matched words are marked');
    assert.ok(
      marks.every((word) => /^d[ée]veloppeu/i.test(word)),
      marks.join(),
    );
    const expected = await api<ListPage<NeedsSheet>>('/needs/search', { q: 'developpeurs', scope: 'all', perPage: 20 });
    assert.equal(await rows(page).count(), expected.items.length);
    await context.close();
  });
});

describe('the list’s company filter', () => {
  it('finds a company by typing, lists its sheets only, and keeps it in the address', async () => {
    const all = await api<ListPage<NeedsSheetListItem>>('/needs', { scope: 'all', perPage: 100 });
    const { company } = all.items[0];
    const expected = await api<ListPage<NeedsSheetListItem>>('/needs', {
      scope: 'all',
      companyId: company.id,
      perPage: 100,
    });
    assert.ok(expected.total > 0 && expected.total < all.total, 'the company has some of the sheets, not all');
    const view = await api<CompanyView>(`/company/${company.id}`);
    const label = `${view.name}${view.city ? ` (${view.city})` : ''} – ${formatRegistrationId(view.registrationId)}`;

    const { context, page } = await newPage('/fiches-de-besoin?scope=all', 'Fiches de besoin');
    const filters = page.getByRole('search', { name: 'Filtres : Fiches de besoin' });
    await filters.getByLabel('Société', { exact: true }).fill(company.name.slice(0, 10));
    // The listbox antd keeps for assistive technologies holds the option once the look-up has answered.
    await page.getByRole('option', { name: label }).first().waitFor({ state: 'attached' });
    await pickOption(page, 'Société', label, filters);
    await page.waitForURL((url) => url.searchParams.get('companyId') === String(company.id));
    const count = `${expected.total} fiche${expected.total > 1 ? 's' : ''}`;
    await page.getByText(count, { exact: true }).waitFor();
    assert.deepEqual(new Set(await rows(page).locator('td:nth-child(3)').allInnerTexts()), new Set([company.name]));

    // The address is the view: a reload names the company again and lists the same sheets.
    await page.reload();
    await page.getByText(count, { exact: true }).waitFor();
    await filters.getByTitle(label, { exact: true }).waitFor();
    await filters.getByRole('button', { name: 'Effacer les filtres' }).click();
    await page.waitForURL((url) => !url.searchParams.has('companyId'));
    await context.close();
  });
});

describe('a recruiter and the status', () => {
  it('offers the status change of the sheets assigned to them only', async () => {
    const me = await api<User>('/user', {}, 'REC');
    const all = await api<ListPage<NeedsSheetListItem>>('/needs', { scope: 'all', open: 1, perPage: 100 }, 'REC');
    const assigned = all.items.find((sheet) => sheet.recruiters.some((recruiter) => recruiter.id === me.id));
    const other = all.items.find((sheet) => !sheet.recruiters.some((recruiter) => recruiter.id === me.id));
    assert.ok(assigned && other, 'the demo has sheets with and without REC');

    const { context, page } = await newPage(`/fiches-de-besoin?scope=all&sheet=${other.id}`, 'Fiches de besoin', 'REC');
    await panel(page).getByRole('tab', { name: 'Statut' }).click();
    await panel(page)
      .getByText('Seuls les recruteurs affectés à cette fiche et l’équipe commerciale peuvent changer son statut.')
      .waitFor();
    assert.equal(await panel(page).getByRole('button', { name: 'Changer le statut' }).count(), 0);

    await page.goto(`${stack.base}/fiches-de-besoin?scope=all&sheet=${assigned.id}`);
    await panel(page).getByRole('tab', { name: 'Statut' }).click();
    await panel(page).getByRole('button', { name: 'Changer le statut' }).waitFor();
    await context.close();
  });
});

describe('statuses (admin)', () => {
  it('reorders the statuses by dragging a row, and refuses the page to a business team member', async () => {
    const before = await api<NeedsSheetStatus[]>('/need-statuses', {}, 'ADM');
    const { context, page } = await newPage('/fiches-de-besoin/status', 'Statuts des fiches', 'ADM');
    const table = page.locator('.bo-table');
    const statusRows = table.locator('.ant-table-tbody tr.ant-table-row');
    await statusRows.first().waitFor();
    await statusRows.nth(2).dragTo(statusRows.nth(0));
    await page.getByText('Ordre des statuts enregistré').first().waitFor();
    const after = await api<NeedsSheetStatus[]>('/need-statuses', {}, 'ADM');
    assert.deepEqual(
      after.map((status) => status.label),
      [before[2], before[0], before[1], ...before.slice(3)].map((status) => status.label),
    );
    // A status in use offers no delete: it says by how many sheets instead.
    const used = after.find((status) => status.usedBy > 0)!;
    await statusRows
      .filter({ hasText: used.label })
      .getByText(/^Utilisé par \d+ fiches?$/)
      .waitFor();
    assert.equal(await table.getByRole('button', { name: `Supprimer le statut ${used.label}` }).count(), 0);
    await context.close();

    const other = await newPage('/fiches-de-besoin/status', 'Accès interdit', 'COM');
    await other.page.getByText('Vos droits ne sont pas suffisants pas pour afficher cette page.').waitFor();
    await other.context.close();
  });
});
