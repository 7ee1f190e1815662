// The screens as a first-time user meets them: the API going down, Enter in a dialog's fields, accents in
// search, the recruitment team adding a todo, the odd ends, and who lands where after a logout.
import { addDays, toBusinessIsoDate, type ContactSummary, type Task, type Todo } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, login, pickOption, useStack } from './harness';

const stack = useStack({ users: ['COM', 'REC'] });
const { it } = stack;

const today = toBusinessIsoDate(new Date());
const api = <T>(trigram: string, path: string, query: Record<string, string | number> = {}) =>
  stack.api<T>(path, query, trigram);

// The API unreachable from this browser, as when its server or the network is down; `restore` brings it back.
async function cutApi(context: BrowserContext) {
  const port = new URL(stack.harness.system.api.url).port;
  const matches = (url: URL) => url.port === port;
  await context.route(matches, (route) => route.abort('connectionrefused'));
  return { restore: () => context.unroute(matches) };
}

const newPageAs = (trigram: string, path: string, heading: string) => stack.newPage(path, heading, { as: trigram });

// A link followed inside the application (no page load): what the menu does.
async function follow(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function typeDateThenEnter(page: Page, isoDate: string) {
  const input = page.getByRole('dialog').getByLabel(/Échéance/);
  const [y, m, d] = isoDate.split('-');
  await input.click();
  await input.fill(`${d}/${m}/${y}`);
  await input.press('Enter');
}

describe('the API going down', () => {
  it('keeps the calendar’s todos on screen and says the new ones could not be loaded, with a retry', async () => {
    const { context, page } = await newPageAs('COM', '/agenda', 'Agenda');
    const events = page.locator('.fc-daygrid-event');
    await events.first().waitFor();
    await page.getByText('Chargement des tâches…').waitFor({ state: 'hidden' });
    const { restore } = await cutApi(context);
    // Another view of the same month: a new load, which fails.
    await page.getByRole('switch').click();
    await page.getByText('Les tâches n’ont pas pu être chargées.').waitFor();
    assert.ok((await events.count()) > 0, 'the todos already shown stay shown');
    await restore();
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByText('Les tâches n’ont pas pu être chargées.').waitFor({ state: 'hidden' });
    assert.ok((await events.count()) > 0);
    await context.close();
  });

  it('says a list could not be loaded, never that nothing matches, and loads it on retry', async () => {
    const { context, page } = await newPageAs('COM', '/agenda', 'Agenda');
    await page.locator('.fc-daygrid-event').first().waitFor();
    const { restore } = await cutApi(context);
    await follow(page, '/contacts/taches');
    await page.getByRole('heading', { name: 'Liste des tâches', level: 1 }).waitFor();
    // Said once, by the alert with its retry.
    await page.getByText('Le chargement a échoué.').waitFor();
    assert.equal(await page.getByText('Aucune tâche ne correspond à ces critères').count(), 0);
    await restore();
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.locator('tr.bo-todo-row').first().waitFor();
    assert.equal(await page.getByText('Le chargement a échoué.').count(), 0);
    await context.close();
  });

  it('says the contact search failed rather than "no match", and searches again on retry', async () => {
    const { context, page } = await newPageAs('COM', '/agenda', 'Agenda');
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    const { restore } = await cutApi(context);
    await dialog.getByLabel(/^Contact/).fill('helene');
    const menu = page.locator('.ant-select-dropdown:visible');
    await menu.getByText('La recherche a échoué.').waitFor();
    assert.equal(await menu.getByText('Aucune correspondance').count(), 0);
    await restore();
    await menu.getByRole('button', { name: 'Réessayer' }).click();
    await menu.locator('.ant-select-item-option').first().waitFor();
    await context.close();
  });
});

describe('dialogs and search', () => {
  it('confirms the date with Enter without saving the dialog, which saves with the notes typed after', async () => {
    const tasks = await api<Task[]>('COM', '/tasks');
    const [contact] = await api<ContactSummary[]>('COM', '/contacts/search', { q: 'Hélène' });
    assert.ok(contact, 'the demo seed has a Hélène');
    const { context, page } = await newPageAs('COM', '/agenda', 'Agenda');
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await dialog.getByLabel(/^Contact/).fill(`${contact.firstName} ${contact.lastName}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await pickOption(page, /Type de tâche/, tasks[0].description);
    const deadline = addDays(today, 7);
    await typeDateThenEnter(page, deadline);
    // Enter confirmed the date only: the dialog is still open, nothing was saved.
    await page.waitForTimeout(500);
    assert.equal(await dialog.isVisible(), true);
    assert.equal(await page.getByText('Tâche ajoutée').count(), 0);
    const [d, m, y] = [deadline.slice(8), deadline.slice(5, 7), deadline.slice(0, 4)];
    assert.equal(await dialog.getByLabel(/Échéance/).inputValue(), `${d}/${m}/${y}`);
    const notes = `Rappel après Entrée ${Date.now()}`;
    await dialog.getByLabel('Notes').fill(notes);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const todos = await api<Todo[]>('COM', '/todos', { onlyPending: 1 });
    const saved = todos.find((todo) => todo.notes === notes);
    assert.ok(saved, 'saved once, with the notes typed after the date');
    assert.equal(saved.deadline, deadline);
    await context.close();
  });

  it('finds Hélène from "helene" in the contacts list, as every search ignores accents and case', async () => {
    const expected = await api<ContactSummary[]>('COM', '/contacts/search', { q: 'Hélène' });
    assert.ok(expected.length > 0);
    const { context, page } = await newPageAs('COM', '/liste-contacts', 'Contacts');
    await page.getByLabel('Rechercher').fill('HELENE');
    await page.getByLabel('Rechercher').press('Enter');
    await page.waitForURL(/search=HELENE/);
    await page.locator('tbody tr', { hasText: 'Hélène' }).first().waitFor();
    assert.equal(await page.getByText('Aucun résultat ne correspond à ces critères').count(), 0);
    await context.close();
  });
});

describe('the recruitment team', () => {
  it('adds a todo for a contact found by "helene" from the agenda', async () => {
    const tasks = await api<Task[]>('REC', '/tasks');
    const { context, page } = await newPageAs('REC', '/agenda', 'Agenda');
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await dialog.getByLabel(/^Contact/).fill('helene');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Hélène' }).first();
    const chosen = (await option.getAttribute('title')) ?? '';
    assert.match(chosen, /Hélène/);
    await option.click();
    await pickOption(page, /Type de tâche/, tasks[0].description);
    const notes = `Suivi recrutement ${Date.now()}`;
    await dialog.getByLabel('Notes').fill(notes);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // On the server, REC's own todo, for that contact.
    const todos = await api<Todo[]>('REC', '/todos', { onlyPending: 1 });
    const saved = todos.find((todo) => todo.notes === notes);
    assert.ok(saved, 'REC’s todo is saved');
    assert.equal(saved.owner.trigram, 'REC');
    assert.match(saved.contact.firstName, /Hélène/);
    await context.close();
  });
});

describe('odd ends', () => {
  it('shows "Page Non Trouvée" for an unknown showroom address, and serves a favicon', async () => {
    const { context, page } = await stack.harness.newPage();
    await page.goto(`${stack.base}/tests/inconnu`);
    await page.getByRole('heading', { name: 'Page Non Trouvée' }).waitFor();
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.ok(href);
    const icon = await fetch(new URL(href, stack.base));
    assert.equal(icon.status, 200);
    assert.match(icon.headers.get('content-type') ?? '', /^image\//);
    await context.close();
  });

  it('opens the API documentation without a security-policy error, and tells how to log in', async () => {
    const { context, page } = await stack.harness.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${stack.harness.system.api.url}/docs`);
    await page.getByRole('heading', { name: 'Logging in and getting a token' }).waitFor();
    // Opening an operation is where Swagger UI styles its elements inline.
    await page
      .getByRole('button', { name: /POST \/user\/login/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Try it out' }).waitFor();
    assert.deepEqual(
      problems.filter((text) => /Content Security Policy/i.test(text)),
      [],
    );
    await context.close();
  });

  it('opens the task list on what is due, notes shown whole', async () => {
    const all = await api<Todo[]>('COM', '/todos', { onlyPending: 0 });
    assert.ok(
      all.some((todo) => !todo.isAccomplished && todo.deadline < today),
      'the demo seed has late todos',
    );
    const { context, page } = await newPageAs('COM', '/contacts/taches', 'Liste des tâches');
    const rows = page.locator('tr.bo-todo-row');
    await rows.first().waitFor();
    assert.ok((await rows.first().textContent())?.includes('En retard'), 'the first row is a late todo');
    // Late first, then pending, then accomplished.
    const rank = (text: string | null) => (text?.includes('En retard') ? 0 : text?.includes('En cours') ? 1 : 2);
    const ranks = (await rows.allTextContents()).map(rank);
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
    );
    // Each note as typed, none cut short.
    const notes = new Set(all.map((todo) => todo.notes));
    const shown = await page.locator('.bo-todo-notes').allTextContents();
    assert.ok(shown.length > 0);
    for (const text of shown) assert.ok(notes.has(text), `a whole note: ${text}`);
    const longest = shown.reduce((a, b) => (b.length > a.length ? b : a), '');
    assert.ok(longest.length > 15);
    const box = await page.locator('.bo-todo-notes', { hasText: longest }).first().boundingBox();
    assert.ok(box && box.width <= 360, 'the note wraps rather than widening the table');
    await context.close();
  });
});

describe('session edges', () => {
  it('lands the next user on the default page after a logout, not on the page the last one left', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'ADM');
    await follow(page, '/liste-utilisateurs');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    // The list's « Trigramme » column stays until the login card replaces the page: the field is what is awaited.
    await page.getByRole('textbox', { name: 'Trigramme' }).fill('COM');
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/agenda');
    assert.equal(await page.getByRole('heading', { name: 'Accès interdit' }).count(), 0);
    await context.close();
  });
});
