// The screens as every remote inherits them from the shell and the shared kit: an accessibility scan of
// every page in both themes, French names for icons, the calendar following its card through layout changes and on
// a phone, toasts that hide no action of an open panel, and screenshots of the agenda kept for a look.
import { appRoutes, canOpen, type User } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { apiGet, networkQuiet, useStack } from './harness';

const stack = useStack({ users: ['ADM', 'DIR', 'COM'] });
const { it } = stack;
const { tokens } = stack;

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screens');

const openAs = (trigram: string, pathname: string, viewport = { width: 1440, height: 900 }) =>
  stack.newPage(pathname, null, { as: trigram, viewport });

// The icons assistive technology is told about, by the name it hears: antd names them in English after their file
// ('calendar', 'close-circle'), which must never reach a user.
async function englishIconNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.anticon')]
      .filter((icon) => !icon.closest('[aria-hidden="true"]'))
      .map((icon) => icon.getAttribute('aria-label') ?? '')
      .filter((name) => /^[a-z]+(-[a-z]+)*$/.test(name)),
  );
}

// Waits for the page's own content, not only its title: the scan must see the page as a user does.
async function settle(page: Page) {
  await networkQuiet(page);
  await page
    .locator('.ant-spin-spinning, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

describe('accessibility, every page, both themes', () => {
  for (const color of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation and no English icon name on any page an admin opens (${color})`, async () => {
      await stack.saveSettings('ADM', { color });
      const admin = await apiGet<User>(stack.harness.system.api.url, tokens.ADM, '/user');
      const routes = appRoutes.filter((route) => canOpen(route, admin.role)).map((route) => route.path);
      const { context, page } = await openAs('ADM', routes[0]);
      const problems: string[] = [];
      for (const route of routes) {
        await page.goto(`${stack.base}${route}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await settle(page);
        for (const violation of await axeViolations(page)) problems.push(`${route}: ${violation}`);
        for (const name of await englishIconNames(page)) problems.push(`${route}: icon announced as '${name}'`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('focuses the trigram field when the login card opens, and marks the password required', async () => {
    const { context, page } = await stack.harness.newPage();
    await page.goto(`${stack.base}/`);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'login-trigram');
    assert.equal(await page.getByLabel('Mot de passe').getAttribute('required'), '');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  it('names the clear button of a select in French, and leaves it out of the Tab order', async () => {
    const { context, page } = await openAs('ADM', '/contacts/taches');
    const taskType = page.getByLabel('Type de tâche');
    await taskType.focus();
    await taskType.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    await taskType.press('Enter');
    const filter = page.locator('.bo-table__filter', { has: page.getByText('Type de tâche', { exact: true }) });
    const clear = filter.locator('.ant-select-clear');
    await clear.waitFor({ state: 'attached' });
    assert.equal(await clear.getAttribute('aria-label'), 'Effacer la sélection');
    // Tab from the filled select goes on to the next control, not to its clear button.
    await taskType.focus();
    await page.keyboard.press('Tab');
    assert.equal(await clear.evaluate((element) => element.contains(document.activeElement)), false);
    assert.deepEqual(await englishIconNames(page), []);
    await context.close();
  });
});

describe('the calendar in its card', () => {
  // The calendar's right edge against its card's: a grid wider than its card is cut off, a narrower one leaves a band.
  async function calendarFitsItsCard(page: Page, when: string) {
    await page.waitForTimeout(300);
    // No named function inside: the test runner's transform would wrap it in a helper the page does not have.
    const [grid, card] = await page.evaluate(() =>
      ['.fc .fc-daygrid-body', '.bo-todo-calendar__grid'].map(
        (selector) => document.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect,
      ),
    );
    assert.ok(grid.right <= card.right + 1, `${when}: the grid ends at ${grid.right}, past its card at ${card.right}`);
    assert.ok(
      card.right - grid.right < 40,
      `${when}: an empty band of ${card.right - grid.right} px on the right of the grid`,
    );
  }

  it('follows its card through every layout and sidebar type, without a reload', async () => {
    await stack.saveSettings('DIR', { layout: 'vertical', sidebarType: 'fixed', color: 'light' });
    const { context, page } = await openAs('DIR', '/agenda');
    await page.locator('.fc-daygrid-body').waitFor();
    await calendarFitsItsCard(page, 'Verticale');
    await page.getByRole('button', { name: 'Paramètres d’affichage' }).click();
    const panel = page.getByRole('dialog', { name: 'Paramètres d’affichage' });
    const steps: Array<[string, string]> = [
      ['Disposition', 'Horizontale'],
      ['Disposition', 'Détachée'],
      ['Disposition', 'Pleine page'],
      ['Disposition', 'Verticale'],
      ['Type de menu latéral', 'Condensé'],
      ['Type de menu latéral', 'Fixe'],
      ['Largeur', 'Encadrée'],
      ['Largeur', 'Fluide'],
    ];
    for (const [group, choice] of steps) {
      await panel.getByRole('radiogroup', { name: group }).getByText(choice, { exact: true }).click();
      await panel
        .getByRole('radiogroup', { name: group })
        .getByRole('radio', { name: choice, checked: true })
        .waitFor();
      await calendarFitsItsCard(page, `${group} ${choice}`);
    }
    await context.close();
    await stack.saveSettings('DIR', { layout: 'vertical', sidebarType: 'fixed', width: 'fluid' });
  });

  it('fits a phone: every control of the agenda inside the screen, the day view first', async () => {
    const { context, page } = await openAs('COM', '/agenda', { width: 390, height: 844 });
    await page.locator('.fc-view').waitFor();
    assert.ok(await page.locator('.fc-dayGridDay-view').count(), 'a phone opens on the day view');
    const outside = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '.bo-header button, .bo-header a, .bo-todo-calendar button, .bo-todo-calendar .fc-toolbar-title, .bo-todo-calendar label, .fc-event',
        ),
      ]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < 0 || box.right > window.innerWidth + 0.5);
        })
        .map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.className),
    );
    assert.deepEqual(outside, []);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'nothing scrolls sideways',
    );
    await context.close();
  });

  it('keeps screenshots of the agenda at 1440, 900 and 390 px in both themes', async () => {
    mkdirSync(screenshots, { recursive: true });
    for (const color of ['light', 'dark'] as const) {
      await stack.saveSettings('COM', { color });
      for (const width of [1440, 900, 390]) {
        const { context, page } = await openAs('COM', '/agenda', { width, height: width === 390 ? 844 : 900 });
        await page.locator('.fc-view').waitFor();
        await settle(page);
        await page.screenshot({ path: path.join(screenshots, `agenda-${width}-${color}.png`), fullPage: true });
        await context.close();
      }
    }
    await stack.saveSettings('COM', { color: 'light' });
  });
});

describe('toasts beside an open panel', () => {
  // The boxes of two elements overlap.
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  // The part of a box inside another, or null.
  const intersection = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => {
    const x = Math.max(a.x, b.x);
    const y = Math.max(a.y, b.y);
    const width = Math.min(a.x + a.width, b.x + b.width) - x;
    const height = Math.min(a.y + a.height, b.y + b.height) - y;
    return width > 0 && height > 0 ? { x, y, width, height } : null;
  };

  for (const viewport of [
    { width: 1440, height: 900 },
    // The panel (1 100 px) reaches the toasts' corner.
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`after a save, hide none of the panel's buttons and fields (${viewport.width} px)`, async () => {
      const contacts = await apiGet<{ items: Array<{ id: number }> }>(
        stack.harness.system.api.url,
        tokens.COM,
        '/contacts',
        { perPage: 1 },
      );
      const { context, page } = await openAs('COM', `/liste-contacts?contact=${contacts.items[0].id}`, viewport);
      const panel = page.getByRole('dialog', { name: /^Contact : / });
      const jobTitle = panel.getByLabel(/^Fonction/);
      await jobTitle.fill(`Responsable des achats ${viewport.width}`);
      await panel.getByRole('button', { name: 'Enregistrer' }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Contact enregistré' });
      await toast.waitFor();
      // Once it has come in (it slides).
      await page.waitForTimeout(800);
      const toastBox = await toast.boundingBox();
      assert.ok(toastBox, 'the toast is shown');
      // Beside the panel on a wide screen, below it where the panel reaches the toasts' corner.
      const panelBox = await panel.boundingBox();
      assert.ok(panelBox && !overlaps(toastBox, panelBox), 'the toast over no part of the panel');
      // Its buttons (a select's clear button too: a phone shows it without hover) and its fields.
      const controls = await panel.locator('button, input, textarea, .ant-select').all();
      assert.ok(controls.length >= 8, 'the panel has its buttons (close, actions, save) and its fields');
      // What the panel's body shows of its content: a control scrolled out of it is out of sight, not under the toast.
      const bodyBox = await panel.locator('.ant-drawer-body').boundingBox();
      assert.ok(bodyBox, 'the panel has its body');
      const hidden: string[] = [];
      for (const control of controls) {
        let box = (await control.isVisible()) ? await control.boundingBox() : null;
        if (box && (await control.evaluate((element) => element.closest('.ant-drawer-body') !== null)))
          box = intersection(box, bodyBox);
        if (box && box.width > 0 && overlaps(toastBox, box)) {
          hidden.push(
            (await control.getAttribute('aria-label')) ??
              (await control.getAttribute('id')) ??
              (await control.innerText()),
          );
        }
      }
      assert.deepEqual(hidden, [], 'no button or field of the panel under the toast');
      await context.close();
    });
  }
});
