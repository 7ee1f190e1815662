// The contacts remote's companies, standby and team pages in Chromium against the real API, as a business leader
// (DIR) uses them.
import {
  toBusinessIsoDate as toIsoDate,
  withLuhnCheckDigit,
  type CompanyListItem,
  type CompanyView,
  type ContactListItem,
  type ListPage,
  type Contact,
  type StandbyLists,
  type Task,
  type TeamMember,
  type Todo,
} from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { addFirstTodoFromStandby, apiPost, login, pickOption, useStack } from './harness';

const stack = useStack({ users: ['DIR'] });
const { it, api } = stack;

let serial = 0;
// A SIRET no company has: 13 digits from the clock and a counter, then the Luhn check digit.
function freshRegistrationId(): string {
  serial += 1;
  return withLuhnCheckDigit(`${Date.now()}`.slice(-11) + String(serial).padStart(2, '0'));
}

const newPage = (path: string, heading = 'Sociétés') => stack.newPage(path, heading);

const rows = (page: Page) => page.locator('.bo-list .ant-table-tbody tr.ant-table-row');

// The list has settled: its count says how many rows match and no load is under way.
async function settled(page: Page) {
  await page.locator('.bo-list .ant-spin-spinning').waitFor({ state: 'detached' });
  await rows(page).first().waitFor();
}

// The texts of one column (the first by default; a list whose rows can be ticked starts with the checkboxes).
async function firstColumn(page: Page, column = 1): Promise<string[]> {
  await settled(page);
  return rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
}

const panel = (page: Page) => page.getByRole('dialog');

async function fillCompany(page: Page, values: { name: string; registrationId: string }) {
  await panel(page)
    .getByLabel(/^Raison sociale/)
    .fill(values.name);
  await panel(page)
    .getByLabel(/^SIRET/)
    .fill(values.registrationId);
}

describe('companies', () => {
  it('searches, filters and sorts, and a shared address reopens the same view', async () => {
    const { context, page } = await newPage('/liste-societes');
    await settled(page);
    await page.getByLabel('Rechercher').fill('e');
    await page.getByLabel('Rechercher').press('Enter');
    await pickOption(page, 'Type', 'Filiale', page.getByRole('search'));
    await page.waitForURL(
      (url) => url.searchParams.get('kind') === 'subsidiary' && url.searchParams.get('search') === 'e',
    );
    await page.getByRole('columnheader', { name: 'Ville' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'city');
    const shown = await firstColumn(page);
    const count = await page.locator('.bo-table__count').innerText();

    const expected = await api<ListPage<CompanyListItem>>('/companies', {
      search: 'e',
      kind: 'subsidiary',
      sort: 'city',
      order: 'asc',
      perPage: 20,
    });
    assert.ok(expected.total > 0, 'the demo data has subsidiaries with an e');
    assert.deepEqual(
      shown,
      expected.items.map((company) => company.name),
    );
    assert.ok(
      expected.items.every((company) => company.parent !== null),
      'only subsidiaries',
    );

    // The address is the view: another tab opens the same rows, and back returns to the unsorted list.
    const shared = page.url();
    const other = await stack.harness.newPage();
    await other.page.addInitScript((value) => localStorage.setItem('token', value), stack.tokens.DIR);
    await other.page.goto(shared);
    assert.deepEqual(await firstColumn(other.page), shown);
    assert.equal(await other.page.locator('.bo-table__count').innerText(), count);
    await other.context.close();

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sort') === null);
    await context.close();
  });

  it('creates a company with a bad then a good SIRET, then adds a subsidiary to it', async () => {
    const { context, page } = await newPage('/liste-societes');
    await page.getByRole('button', { name: 'Nouvelle société' }).click();
    const name = `Essai Industrie ${Date.now()}`;
    await fillCompany(page, { name, registrationId: '12345678901234' });
    await panel(page).getByRole('button', { name: 'Créer la société' }).click();
    await panel(page).getByText('Entrée non valide').waitFor();

    const registrationId = freshRegistrationId();
    // Typed as it is printed: spaces are fine.
    await panel(page)
      .getByLabel(/^SIRET/)
      .fill(registrationId.replace(/^(\d{3})(\d{3})(\d{3})/, '$1 $2 $3 '));
    await panel(page).getByRole('button', { name: 'Créer la société' }).click();
    await page.getByText('Société créée').first().waitFor();
    await panel(page).getByText(`Société : ${name}`).waitFor();
    const id = Number(new URL(page.url()).searchParams.get('company'));
    const created = await api<CompanyView>(`/company/${id}`);
    assert.equal(created.registrationId, registrationId);

    await panel(page)
      .getByRole('tab', { name: /Filiales/ })
      .click();
    await panel(page).getByRole('button', { name: 'Ajouter une filiale' }).click();
    await panel(page).getByText('Nouvelle filiale').waitFor();
    const subsidiary = `${name} Sud`;
    await fillCompany(page, { name: subsidiary, registrationId: freshRegistrationId() });
    await panel(page).getByRole('button', { name: 'Créer la société' }).click();
    await panel(page).getByText(`Société : ${subsidiary}`).waitFor();

    const parent = await api<CompanyView>(`/company/${id}`);
    assert.deepEqual(
      parent.subsidiaries.map((company) => company.name),
      [subsidiary],
    );
    await context.close();
  });

  it('says SIRET existant for a SIRET already taken, and keeps what was typed', async () => {
    const [existing] = (await api<ListPage<CompanyListItem>>('/companies', { perPage: 1 })).items;
    const { context, page } = await newPage('/liste-societes?company=new');
    await fillCompany(page, { name: `Doublon ${Date.now()}`, registrationId: existing.registrationId });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/company/store');
    await panel(page).getByRole('button', { name: 'Créer la société' }).click();
    const toast = page.locator('.Toastify').getByText('SIRET existant');
    await toast.waitFor();
    // The toast ends with the refused call's reference: the request id the API wrote on its log lines.
    const requestId = (await answered).headers()['x-request-id'];
    assert.equal(await toast.innerText(), `SIRET existant — Réf. ${requestId}`);
    assert.equal(
      await panel(page)
        .getByLabel(/^SIRET/)
        .inputValue(),
      existing.registrationId,
    );
    await context.close();
  });

  it('refuses to deactivate a company that has active contacts', async () => {
    const [busy] = (
      await api<ListPage<CompanyListItem>>('/companies', {
        sort: 'activeContactCount',
        order: 'desc',
        perPage: 1,
        isActive: 1,
      })
    ).items;
    assert.ok(busy.activeContactCount > 0);
    const { context, page } = await newPage(`/liste-societes?company=${busy.id}`);
    await panel(page).getByText(`Société : ${busy.name}`).waitFor();
    await panel(page).getByRole('switch', { name: 'Active' }).click();
    await panel(page).getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .locator('.Toastify')
      .getByText('Impossible de désactiver une société qui a des contacts actifs')
      .waitFor();
    assert.equal((await api<CompanyView>(`/company/${busy.id}`)).isActive, true);
    await context.close();
  });

  it('exports the list as it is filtered, for French Excel', async () => {
    const { context, page } = await newPage('/liste-societes?kind=head&sort=name&order=desc');
    await settled(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    const text = await readFile((await download.path()) as string, 'utf8');
    assert.ok(text.startsWith('\uFEFF'), 'a BOM for Excel');
    const lines = text.slice(1).trim().split(/\r?\n/);
    assert.equal(
      lines[0],
      'Raison sociale;SIRET;Société mère;Filiales;Contacts actifs;Adresse;Code postal;Ville;Téléphone;Site web;Secteur;Propriétaire;Active',
    );
    const all = await api<ListPage<CompanyListItem>>('/companies', {
      kind: 'head',
      sort: 'name',
      order: 'desc',
      perPage: 100,
    });
    assert.equal(lines.length - 1, all.total);
    assert.ok(
      lines[1].startsWith(all.items[0].name.includes(';') ? `"${all.items[0].name}"` : `${all.items[0].name};`),
    );
    await context.close();
  });
});

describe('standby contacts', () => {
  it("adds a contact's first todo from its row: the contact leaves the three tabs", async () => {
    const [tasks, standby] = await Promise.all([api<Task[]>('/tasks'), api<StandbyLists>('/user/contacts/standby')]);
    const contact = standby.allContacts[0];
    assert.ok(contact, 'the demo data has contacts en veille');
    const { context, page } = await newPage('/liste-contacts-veille?tab=all', 'Contacts en veille');
    await page
      .getByRole('tab', { name: `Tous les contacts (${standby.allContacts.length.toLocaleString('fr-FR')})` })
      .waitFor();
    await addFirstTodoFromStandby(page, contact, tasks[0].description);
    await page
      .getByRole('tab', { name: `Tous les contacts (${(standby.allContacts.length - 1).toLocaleString('fr-FR')})` })
      .waitFor();
    const after = await api<StandbyLists>('/user/contacts/standby');
    for (const list of [after.myContacts, after.teamContacts, after.allContacts])
      assert.ok(!list.some((c) => c.id === contact.id));
    await context.close();
  });
  it('refuses a todo for a contact of an inactive company from its row: the contact stays en veille', async () => {
    const [task] = await api<Task[]>('/tasks');
    const post = <T>(path: string, fields: Record<string, string | number>) =>
      apiPost<T>(stack.harness.system.api.url, stack.tokens.DIR, path, fields);
    const name = `Close${Date.now()}`;
    const [someCompany] = (await api<ListPage<CompanyListItem>>('/companies', { perPage: 1 })).items;
    const company = await post<CompanyView>('/company/store', {
      name,
      registrationId: freshRegistrationId(),
      ownerId: someCompany.owner.id,
    });
    const contact = await post<Contact>('/contact/store', {
      title: 'madam',
      firstName: 'Inès',
      lastName: name,
      companyId: company.id,
      ownerId: company.ownerId,
    });
    await post('/company/' + company.id + '/store', {
      name,
      registrationId: company.registrationId,
      ownerId: company.ownerId,
      isActive: 0,
      version: company.version,
    });
    const { context, page } = await newPage('/liste-contacts-veille?tab=all', 'Contacts en veille');
    await page.getByLabel('Rechercher').fill(name);
    await page.getByLabel('Rechercher').press('Enter');
    await page
      .getByRole('button', { name: `Ajouter une tâche pour Inès ${name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await dialog.waitFor();
    await pickOption(page, /Type de tâche/, task.description);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('.Toastify').getByText('La société est inactive').waitFor();
    const after = await api<StandbyLists>('/user/contacts/standby');
    assert.ok(
      after.allContacts.some((c) => c.id === contact.id),
      'still en veille',
    );
    assert.equal((await api<Contact>(`/contact/${contact.id}`)).isActive, false);
    await context.close();
  });
});

describe('team', () => {
  it("shows each member's figures and gives a selection of a member's contacts to another", async () => {
    const team = await api<TeamMember[]>('/team');
    const com = team.find((member) => member.trigram === 'COM');
    const rec = team.find((member) => member.trigram === 'REC');
    assert.ok(com && rec, 'DIR leads COM and REC');
    const { context, page } = await newPage('/equipe', 'Mon équipe');
    const row = page.getByRole('row', { name: /COM/ });
    await row.getByText(`${com.contacts}`, { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Contacts de COM' }).click();
    await panel(page)
      .getByText(/Contacts de Julie Moreau/)
      .waitFor();
    await settled(page);
    const ticked = await rows(page).locator('td:nth-child(2)').allInnerTexts();
    await panel(page)
      .getByRole('checkbox', { name: /^Sélectionner / })
      .nth(0)
      .check();
    await panel(page)
      .getByRole('checkbox', { name: /^Sélectionner / })
      .nth(1)
      .check();
    await panel(page).getByRole('button', { name: 'Réassigner la sélection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le propriétaire de 2 contacts' });
    await dialog.waitFor();
    await pickOption(page, 'Nouveau propriétaire', 'REC – Thomas Lefebvre', dialog);
    await dialog.getByRole('button', { name: 'Réassigner' }).click();
    await page.getByText('2 contacts réassignés à REC').first().waitFor();
    await row.getByText(`${com.contacts - 2}`, { exact: true }).waitFor();
    const recContacts = await api<ListPage<ContactListItem>>('/contacts', {
      scope: 'team',
      ownerId: rec.id,
      perPage: 100,
    });
    assert.equal(recContacts.total, rec.contacts + 2);
    assert.ok(ticked.length >= 2);
    await context.close();
  });

  it('is refused to a business team member', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'COM', { save: true });
    await page.goto(`${stack.base}/equipe`);
    await page.getByRole('heading', { name: 'Accès interdit' }).waitFor();
    await context.close();
  });
});

describe('contacts', () => {
  const post = <T>(path: string, fields: Record<string, string | number>) =>
    apiPost<T>(stack.harness.system.api.url, stack.tokens.DIR, path, fields);

  it('searches all contacts, and the shared address reopens the same rows', async () => {
    const { context, page } = await newPage('/liste-contacts', 'Contacts');
    await page.getByRole('group', { name: 'Contacts' }).getByText('Tous les contacts', { exact: true }).click();
    await page.getByLabel('Rechercher').fill('MAR');
    await page.getByLabel('Rechercher').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('scope') === 'all' && url.searchParams.get('search') === 'MAR');
    const expected = await api<ListPage<ContactListItem>>('/contacts', { scope: 'all', search: 'MAR', perPage: 20 });
    assert.ok(expected.total > 0);
    await page.locator('.bo-table__count').getByText(`${expected.total} contact`).waitFor();
    const shown = await firstColumn(page, 2);
    assert.deepEqual(
      shown,
      expected.items.map(
        (contact) =>
          `${{ mister: 'Monsieur', madam: 'Madame', miss: 'Mademoiselle' }[contact.title]} ${contact.firstName} ${contact.lastName}`,
      ),
    );
    const other = await stack.harness.newPage();
    await other.page.addInitScript((value) => localStorage.setItem('token', value), stack.tokens.DIR);
    await other.page.goto(page.url());
    assert.deepEqual(await firstColumn(other.page, 2), shown);
    await other.context.close();
    await context.close();
  });

  it('warns of a duplicate before saving, refuses the e-mail already used, then creates the contact', async () => {
    const all = await api<ListPage<ContactListItem>>('/contacts', { scope: 'all', perPage: 50 });
    const existing = all.items.find((contact) => contact.email !== null)!;
    const { context, page } = await newPage('/liste-contacts?contact=new', 'Contacts');
    await pickOption(page, /^Civilité/, 'Madame');
    await panel(page)
      .getByLabel(/^Prénom/)
      .fill('Clémence');
    await panel(page).getByLabel(/^Nom/).fill(`Essai${Date.now()}`);
    await panel(page)
      .getByLabel(/^Email/)
      .fill(existing.email!);
    const warning = panel(page).getByRole('alert').filter({ hasText: 'Doublon possible' });
    await warning.getByText(`${existing.firstName} ${existing.lastName}`, { exact: false }).waitFor();
    await warning.getByText('même adresse email', { exact: false }).waitFor();
    await panel(page).getByRole('button', { name: 'Créer le contact' }).click();
    await page.locator('.Toastify').getByText('Adresse email existante').waitFor();
    const email = `clemence.${Date.now()}@exemple.fr`;
    await panel(page)
      .getByLabel(/^Email/)
      .fill(email);
    await warning.waitFor({ state: 'detached' });
    await panel(page).getByRole('button', { name: 'Créer le contact' }).click();
    await page.getByText('Contact créé').first().waitFor();
    await panel(page)
      .getByText(/^Contact : Madame Clémence/)
      .waitFor();
    const id = Number(new URL(page.url()).searchParams.get('contact'));
    assert.equal((await api<Contact>(`/contact/${id}`)).email, email);
    await context.close();
  });

  it('saves an edit after the panel added a todo, and shows a colleague’s newer value as it comes, beside what is typed', async () => {
    const [company] = (await api<ListPage<CompanyListItem>>('/companies', { perPage: 1, isActive: 1 })).items;
    const [task] = await api<Task[]>('/tasks');
    const lastName = `Veille${Date.now()}`;
    const contact = await post<Contact>('/contact/store', {
      title: 'mister',
      firstName: 'Hugo',
      lastName,
      companyId: company.id,
      ownerId: company.owner.id,
    });
    const { context, page } = await newPage(`/liste-contacts?contact=${contact.id}`, 'Contacts');
    const sheet = page.getByRole('dialog', { name: /^Contact : Monsieur Hugo/ });
    await sheet.getByText('En veille', { exact: true }).waitFor();
    await sheet.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await pickOption(page, /Type de tâche/, task.description);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Tâche ajoutée, contact activé').first().waitFor();
    await sheet.getByText('Actif', { exact: true }).waitFor();
    await sheet.getByLabel(/^Fonction/).fill('Directeur');
    await sheet.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Contact enregistré').first().waitFor();
    const saved = await api<Contact>(`/contact/${contact.id}`);
    assert.deepEqual([saved.jobTitle, saved.isActive], ['Directeur', true]);

    // A colleague saves while nothing is typed here: the panel shows their value by itself (docs/live-changes.md).
    const colleague = (jobTitle: string, version: number) =>
      post<Contact>(`/contact/${contact.id}/store`, {
        title: 'mister',
        firstName: 'Hugo',
        lastName,
        jobTitle,
        companyId: company.id,
        ownerId: company.owner.id,
        version,
      });
    const drh = await colleague('DRH', saved.version);
    for (let tries = 0; (await sheet.getByLabel(/^Fonction/).inputValue()) !== 'DRH'; tries += 1) {
      assert.ok(tries < 50, 'the colleague’s value shows within 5 s');
      await page.waitForTimeout(100);
    }
    // Then while something is typed here: what was typed stays, the colleague's value is shown beside it, to take.
    await sheet.getByLabel(/^Fonction/).fill('Directeur général');
    await colleague('Directeur des ressources humaines', drh.version);
    const notice = sheet.getByRole('alert').filter({ hasText: 'Modifié pendant votre saisie' });
    await notice.getByText('Fonction', { exact: true }).waitFor();
    assert.equal(await sheet.getByLabel(/^Fonction/).inputValue(), 'Directeur général');
    await notice.getByRole('button', { name: 'Reprendre la valeur enregistrée de Fonction' }).click();
    assert.equal(await sheet.getByLabel(/^Fonction/).inputValue(), 'Directeur des ressources humaines');
    await sheet.getByLabel(/^Fonction/).fill('DRH');
    await sheet.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Contact enregistré').first().waitFor();
    assert.equal((await api<Contact>(`/contact/${contact.id}`)).jobTitle, 'DRH');
    await context.close();
  });

  it('merges two duplicates: the todos move to the kept contact, the other is gone from the list and stays gone', async () => {
    const [company] = (await api<ListPage<CompanyListItem>>('/companies', { perPage: 1, isActive: 1 })).items;
    const [task] = await api<Task[]>('/tasks');
    const lastName = `Fusion${Date.now()}`;
    const make = (firstName: string, email: string) =>
      post<Contact>('/contact/store', {
        title: 'mister',
        firstName,
        lastName,
        email,
        companyId: company.id,
        ownerId: company.owner.id,
      });
    const kept = await make('Paul', `paul.${lastName}@exemple.fr`);
    const duplicate = await make('Paul', `p.${lastName}@exemple.fr`);
    const todo = await post<Todo>(`/contact/${duplicate.id}/task/${task.id}/todo/store`, {
      deadline: toIsoDate(new Date()),
      notes: 'Rappeler',
    });

    const { context, page } = await newPage(
      `/liste-contacts?scope=all&search=${lastName}&sort=email&order=desc`,
      'Contacts',
    );
    await settled(page);
    assert.equal(await rows(page).count(), 2);
    for (const checkbox of await page.getByRole('checkbox', { name: /^Sélectionner Paul/ }).all())
      await checkbox.check();
    await page.getByRole('button', { name: 'Fusionner…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fusionner deux contacts' });
    await dialog.getByRole('radio', { name: `Paul ${lastName} (n° ${kept.id})` }).check();
    await dialog.getByRole('button', { name: 'Fusionner' }).click();
    await page.getByText('Contacts fusionnés').first().waitFor();
    // The list shows the kept contact alone; the other is merged away, en veille nowhere.
    await page.waitForFunction(
      () => document.querySelectorAll('.bo-list .ant-table-tbody tr.ant-table-row').length === 1,
    );
    const merged = await api<Contact>(`/contact/${duplicate.id}`);
    assert.deepEqual([merged.isActive, merged.mergedIntoId], [false, kept.id]);
    const standby = await api<{ allContacts: { id: number }[] }>('/user/contacts/standby');
    assert.ok(!standby.allContacts.some((contact) => contact.id === duplicate.id), 'not in the standby lists');
    // Reached by its address (a history line, a bookmark), it says where it went, and changes no more.
    await page.goto(`${stack.base}/liste-contacts?contact=${duplicate.id}`);
    const gone = page.getByRole('dialog', { name: /^Contact : / });
    await gone.getByText('Ce contact a été fusionné dans un autre', { exact: false }).waitFor();
    assert.equal(await gone.getByRole('button', { name: 'Enregistrer' }).count(), 0);
    // Its history says into whom, by name.
    await gone.getByRole('tab', { name: 'Historique' }).click();
    await gone
      .getByRole('region', { name: `Historique de Paul ${lastName}` })
      .getByText(`Fusionné dans Paul ${lastName}`, { exact: true })
      .waitFor();
    await gone.getByRole('button', { name: 'Ouvrir le contact conservé' }).click();
    await page.waitForURL((url) => url.searchParams.get('contact') === String(kept.id));
    // The kept contact's history reads as a person reads it: a title in words, the company and the owner by name,
    // the duplicate by name, and no internal value.
    const keptPanel = page.getByRole('dialog', { name: /^Contact : / });
    await keptPanel.getByRole('tab', { name: 'Historique' }).click();
    const story = keptPanel.getByRole('region', { name: `Historique de Paul ${lastName}` });
    await story.getByText(`Doublon fusionné : Paul ${lastName}`, { exact: true }).waitFor();
    await story.getByText('Civilité : Monsieur', { exact: true }).first().waitFor();
    await story.getByText(`Société : ${company.name}`, { exact: true }).first().waitFor();
    await story
      .getByText(new RegExp(`^Propriétaire : ${company.owner.trigram} \\(\\S.* \\S.*\\)$`))
      .first()
      .waitFor();
    assert.deepEqual(
      await story.getByText(/todos|mergedFrom|mister|(Propriétaire|Société) : \d/).allInnerTexts(),
      [],
      'no internal value',
    );
    const moved = await api<Todo[]>(`/contact/${kept.id}/todos`);
    assert.ok(
      moved.some((candidate) => candidate.id === todo.id),
      'the todo moved to the kept contact',
    );
    await context.close();
  });

  it('gives a selection of contacts to another owner', async () => {
    const lastName = `Transfert${Date.now()}`;
    const [company] = (await api<ListPage<CompanyListItem>>('/companies', { perPage: 1, isActive: 1 })).items;
    for (const firstName of ['Anne', 'Bruno']) {
      await post<Contact>('/contact/store', {
        title: 'madam',
        firstName,
        lastName,
        companyId: company.id,
        ownerId: company.owner.id,
      });
    }
    const { context, page } = await newPage(`/liste-contacts?scope=all&search=${lastName}`, 'Contacts');
    await settled(page);
    for (const checkbox of await page.getByRole('checkbox', { name: /^Sélectionner / }).all()) await checkbox.check();
    await page.getByRole('button', { name: 'Changer de propriétaire…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le propriétaire de 2 contacts' });
    await pickOption(page, 'Nouveau propriétaire', 'REC – Thomas Lefebvre', dialog);
    await dialog.getByRole('button', { name: 'Réassigner' }).click();
    await page.getByText('2 contacts réassignés à REC').first().waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.bo-list .ant-table-tbody tr.ant-table-row')].every((row) =>
        row.textContent?.includes('REC'),
      ),
    );
    const after = await api<ListPage<ContactListItem>>('/contacts', { scope: 'all', search: lastName });
    assert.deepEqual(
      after.items.map((contact) => contact.owner.trigram),
      ['REC', 'REC'],
    );
    await context.close();
  });

  it('exports the contacts it shows as CSV for French Excel', async () => {
    const { context, page } = await newPage('/liste-contacts?scope=all&search=mar', 'Contacts');
    await settled(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    const text = await readFile((await download.path()) as string, 'utf8');
    assert.ok(text.startsWith('\uFEFF'));
    const lines = text.slice(1).trim().split(/\r?\n/);
    assert.equal(
      lines[0],
      'Civilité;Prénom;Nom;Société;Fonction;Téléphone;E-mail;Propriétaire;Prochaine tâche : échéance;Prochaine tâche;Dernière tâche aboutie : date;Dernière tâche aboutie;En veille',
    );
    const all = await api<ListPage<ContactListItem>>('/contacts', { scope: 'all', search: 'mar', perPage: 100 });
    assert.equal(lines.length - 1, all.total);
    await context.close();
  });
});
