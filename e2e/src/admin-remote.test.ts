// The admin remote's pages in Chromium against the real API, as the administrator (ADM) uses them: task types,
// phrases, users and teams.
import type { Task, TaskType } from '@bo/contracts';
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet, itWithScreenshots, login, startHarness, type Harness } from './harness';

let h: Harness;
let base: string;
let token: string;
const it = itWithScreenshots(() => h);

const api = <T>(path: string, query: Record<string, string | number> = {}) => apiGet<T>(h.system.api.url, token, path, query);

async function newPage(path: string, heading: string) {
  const { context, page } = await h.newPage();
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto(`${base}${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return { context, page };
}

const panel = (page: Page) => page.getByRole('dialog');

before(async () => {
  h = await startHarness();
  base = h.system.shellUrl;
  const { context, page } = await h.newPage();
  await login(page, base, 'ADM', { save: true });
  token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  assert.ok(token, 'the saved session leaves its token');
  await context.close();
});

after(async () => {
  await h?.close();
});

describe('task types', () => {
  it('creates a type: a duplicate description refused under its field, a contrast warning, then a readable one', async () => {
    const { context, page } = await newPage('/gestion-taches', 'Types de tâches');
    const existing = await api<TaskType[]>('/admin/tasks');
    await page.getByRole('table', { name: 'Types de tâches' }).waitFor();
    await page.getByRole('button', { name: 'Nouveau type de tâche' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'new');

    // A description already taken, case aside: existingTitle under the field, nothing created.
    await panel(page).getByLabel(/^Description/).fill(existing[0].description.toUpperCase());
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await panel(page).getByRole('alert').filter({ hasText: 'Titre existant' }).waitFor();
    assert.equal((await api<TaskType[]>('/admin/tasks')).length, existing.length);

    // Yellow text on white: the preview warns, in both themes' figures.
    const name = `Visite sur site ${Date.now()}`;
    await panel(page).getByLabel(/^Description/).fill(name);
    await panel(page).getByLabel(/^Couleur de fond/).fill('#ffffff');
    await panel(page).getByLabel(/^Couleur du texte/).fill('#ffff00');
    await panel(page).getByText(/Contraste insuffisant : 1,07:1/).waitFor();
    const preview = panel(page).getByRole('group', { name: 'Aperçu dans le calendrier' });
    assert.deepEqual(await preview.locator('figcaption').allInnerTexts(), ['Thème clair', 'Thème sombre']);
    // An upper-case colour is written the spec's way (lower case); a bad one is refused under its field.
    await panel(page).getByLabel(/^Couleur du texte/).fill('#1E3A8A');
    assert.equal(await panel(page).getByLabel(/^Couleur du texte/).inputValue(), '#1e3a8a');
    await panel(page).getByText(/Contraste du texte : .* niveau AA atteint/).waitFor();
    await panel(page).getByLabel(/^Couleur de bordure/).fill('bleu');
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await panel(page).getByText('Entrée non valide').waitFor();
    await panel(page).getByLabel(/^Couleur de bordure/).fill('#1d4ed8');
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await page.getByText('Type de tâche créé').first().waitFor();
    await panel(page).getByText(`Type de tâche : ${name}`).waitFor();

    const id = Number(new URL(page.url()).searchParams.get('type'));
    const saved = (await api<TaskType[]>('/admin/tasks')).find((type) => type.id === id);
    assert.deepEqual(saved?.style, { backgroundColor: '#ffffff', borderColor: '#1d4ed8', color: '#1e3a8a' });
    assert.equal(saved?.order, Math.max(...existing.map((type) => type.order)) + 1, 'a new type comes last');
    await context.close();
  });

  it('reorders with the keyboard and deactivates a type: no longer offered for new todos', async () => {
    const { context, page } = await newPage('/gestion-taches', 'Types de tâches');
    const before = await api<TaskType[]>('/admin/tasks');
    const [first, second] = before;
    await page.getByRole('table', { name: 'Types de tâches' }).waitFor();
    // The second type moves up with its ↑ button, from the keyboard.
    await page.getByRole('button', { name: `Monter ${second.description}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Ordre enregistré').first().waitFor();
    const after = await api<TaskType[]>('/admin/tasks');
    assert.deepEqual(after.slice(0, 2).map((type) => type.id), [second.id, first.id]);
    const firstCells = await page.getByRole('table', { name: 'Types de tâches' }).locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    assert.deepEqual(firstCells.slice(0, 2), [second.description, first.description]);

    // Reload: the order is the server's.
    await page.reload();
    await page.getByRole('button', { name: `Ouvrir le type ${first.description}` }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === String(first.id));
    await panel(page).getByRole('switch', { name: /Proposé pour les nouvelles tâches/ }).click();
    await panel(page).getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Type de tâche enregistré').first().waitFor();
    const offered = await api<Task[]>('/tasks');
    assert.ok(!offered.some((task) => task.id === first.id), 'an inactive type is not offered');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('type'));
    await page.getByRole('table', { name: 'Types de tâches' }).getByRole('row', { name: new RegExp(first.description) }).getByText('Inactif').waitFor();
    await context.close();
  });
});
