// The end of a session not kept ('Ne pas enregistrer'), on a system configured with a short one (config.json's
// `sessionAutoClearMs` and `sessionWarningMs`: 30 s, warned 20 s before): the password asked in a dialog before the
// end keeps the page and gives the session its full time again; ignored, the session ends with a reload, and the
// form the user was typing in comes back after the next login, with a notice.
import type { ContactSummary, ListPage } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, login, useStack } from './harness';

const AUTO_CLEAR_MS = 30_000;
const WARNING_MS = 20_000;

const stack = useStack({ users: ['COM'], session: { autoClearMs: AUTO_CLEAR_MS, warningMs: WARNING_MS } });
const { it } = stack;
let contact: ContactSummary;

const panel = (page: Page) => page.getByRole('dialog', { name: /^Contact : / });
const warning = (page: Page) => page.getByRole('dialog', { name: 'Votre session va se terminer' });

// Logged in without saving the session, the contact's panel open, something typed in it.
async function typingInAPanel(): Promise<{ page: Page; typed: string; close: () => Promise<void> }> {
  const { context, page } = await stack.harness.newPage();
  await login(page, stack.base, 'COM');
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'the session is not kept');
  // Within the page: a new load would end a session that lives in the page only.
  await page.evaluate((address) => {
    history.pushState({}, '', address);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/liste-contacts?contact=${contact.id}`);
  const jobTitle = panel(page).getByLabel(/^Fonction/);
  await jobTitle.waitFor();
  const typed = `Directrice des achats ${Date.now()}`;
  await jobTitle.fill(typed);
  return { page, typed, close: () => context.close() };
}

describe('the end of a session not kept', () => {
  // Within the suite: its hooks run once the stack's, at the file's top, have started the system.
  before(async () => {
    const contacts = await stack.api<ListPage<ContactSummary>>('/contacts', { perPage: 1 });
    contact = contacts.items[0];
    assert.ok(contact, 'the demo has contacts');
  });

  it('asks for the password before the end: given, the page stays as typed and the session gets its full time again', async () => {
    const { page, typed, close } = await typingInAPanel();
    const startedAt = Date.now();
    await warning(page).waitFor({ timeout: AUTO_CLEAR_MS });
    assert.ok(Date.now() - startedAt < AUTO_CLEAR_MS - WARNING_MS + 5_000, 'the warning comes before the end');
    const password = warning(page).getByLabel(/^Mot de passe/);
    // A wrong password is said under the field, and the dialog stays.
    await password.fill('pas-le-bon');
    await password.press('Enter');
    await warning(page).getByText("Echec de l'autentification").waitFor();
    await password.fill(DEMO_PASSWORD);
    await warning(page).getByRole('button', { name: 'Rester connecté' }).click();
    await warning(page).waitFor({ state: 'hidden' });
    await page.getByText('Session prolongée').first().waitFor();
    // Past the first end: no reload, the panel still holds what was typed, and the session is still not kept.
    await page.waitForTimeout(AUTO_CLEAR_MS - WARNING_MS + 2_000);
    assert.equal(await page.getByRole('button', { name: 'Se connecter' }).count(), 0, 'no reload to the login card');
    assert.equal(
      await panel(page)
        .getByLabel(/^Fonction/)
        .inputValue(),
      typed,
    );
    assert.equal(
      await page.evaluate(() => localStorage.getItem('token')),
      null,
      'the rule holds: nothing kept in the browser',
    );
    // The renewed session is warned again before its own end.
    await warning(page).waitFor({ timeout: AUTO_CLEAR_MS });
    await close();
  });

  it('ends on time when the warning is left, and gives the open form back after the next login, with a notice', async () => {
    const { page, typed, close } = await typingInAPanel();
    await warning(page).waitFor({ timeout: AUTO_CLEAR_MS });
    await warning(page).getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: AUTO_CLEAR_MS });
    // What was typed waits for the same user only: kept for this tab, not in the browser's lasting storage.
    assert.equal(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('bo.drafts')).length),
      0,
    );
    await page.getByLabel('Trigramme').fill('COM');
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const jobTitle = panel(page).getByLabel(/^Fonction/);
    await jobTitle.waitFor();
    assert.equal(await jobTitle.inputValue(), typed);
    await page
      .getByText(/^Brouillon restauré/)
      .first()
      .waitFor();
    // The draft is a change of the form: closing asks first, and nothing was saved behind the user's back.
    await panel(page).getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('dialog', { name: 'Abandonner les modifications ?' }).waitFor();
    await page.getByRole('button', { name: 'Abandonner' }).click();
    await panel(page).waitFor({ state: 'hidden' });
    await close();
  });

  it('gives back an open todo dialog as typed after the next login', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'COM');
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    const notes = `Brouillon gardé ${Date.now()}`;
    await dialog.getByLabel('Notes').fill(notes);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: AUTO_CLEAR_MS + 5_000 });
    await page.getByLabel('Trigramme').fill('COM');
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Notes').inputValue(), notes);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await context.close();
  });
});
