// The search box (docs/search.md), by keyboard alone as a user reaches for it: Ctrl+K from any page, a few letters,
// the arrows, Enter opens the record's panel; "/" opens it again on the records last opened; Escape closes it.
import type { ListPage } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { useStack } from './harness';

const stack = useStack({ users: ['DIR'] });
const { it, api } = stack;

const box = (page: Page) =>
  page.getByRole('combobox', { name: 'Rechercher une société, un contact, une fiche de besoin' });

describe('search box', () => {
  it('finds a contact by keyboard alone and opens its panel, then offers it among the records last opened', async () => {
    const contacts = await api<ListPage<{ id: number; firstName: string; lastName: string }>>('/contacts', {
      perPage: 20,
    });
    const contact = contacts.items.find((item) => item.lastName.length >= 4);
    assert.ok(contact);
    const { page } = await stack.newPage('/agenda', 'Agenda');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Rechercher' });
    await box(page).waitFor();
    assert.equal(
      await box(page).evaluate((input) => input === document.activeElement),
      true,
      'the field has the focus',
    );
    await page.keyboard.type(contact.lastName.slice(0, 4).toLowerCase());
    const option = dialog.getByRole('option', { name: new RegExp(`^${contact.firstName} ${contact.lastName}`) });
    await option.waitFor();
    assert.ok(await dialog.getByRole('group', { name: 'Contacts' }).isVisible());
    // Down to the contact with the arrows: the field names the option under the keyboard.
    for (let step = 0; (await option.getAttribute('aria-selected')) !== 'true'; step += 1) {
      assert.ok(step < 30, 'the arrows reach the contact');
      await page.keyboard.press('ArrowDown');
    }
    assert.equal(await box(page).getAttribute('aria-activedescendant'), await option.getAttribute('id'));
    assert.deepEqual(await axeViolations(page), [], 'the open box, light theme');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/liste-contacts' && url.searchParams.get('contact') === String(contact.id),
    );
    const panel = page.getByRole('dialog', { name: /^Contact : / });
    await panel.getByText(contact.lastName).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: /^Contact : / }).waitFor({ state: 'hidden' });

    // "/" outside a field, and the record just opened is offered before anything is typed.
    await page.locator('body').focus();
    await page.keyboard.press('/');
    await box(page).waitFor();
    await dialog.getByText('Récemment ouverts').waitFor();
    await dialog.getByRole('option', { name: new RegExp(`^${contact.firstName} ${contact.lastName}`) }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('says when nothing matches, and has no accessibility fault in the dark theme', async () => {
    await stack.saveSettings('DIR', { color: 'dark' });
    try {
      const { page } = await stack.newPage('/liste-societes', 'Sociétés');
      await page.getByRole('button', { name: 'Recherche globale' }).click();
      await box(page).fill('zzqxwv');
      const dialog = page.getByRole('dialog', { name: 'Rechercher' });
      await dialog.getByText('Aucune correspondance').waitFor();
      assert.deepEqual(await axeViolations(page), [], 'the open box, dark theme');
      await page.context().close();
    } finally {
      await stack.saveSettings('DIR', { color: 'light' });
    }
  });
});
