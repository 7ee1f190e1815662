// The lists, the sidebar and an admin form as a new user meets them: a wide table at 1440 px, the filters on a
// phone, a list that fails to load, the pagination's links, the statuses in use, the leader picked by typing, the
// light sidebar.
import { contrastRatio, foldAccents, type AdminUser, type NeedsSheetStatus } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiPost, useStack } from './harness';

const stack = useStack({ users: ['ADM', 'DIR', 'COM', 'REC'] });
const { it } = stack;
const { tokens } = stack;

const api = <T>(trigram: string, path: string, query: Record<string, string | number> = {}) =>
  stack.api<T>(path, query, trigram);

const newPageAs = (trigram: string, path: string, heading: string, viewport = { width: 1280, height: 800 }) =>
  stack.newPage(path, heading, { as: trigram, viewport });

describe('lists', () => {
  it('keeps the contacts table inside a 1440 px screen: no sideways scroll of the page, the names in sight as the table scrolls', async () => {
    const { context, page } = await newPageAs('DIR', '/liste-contacts?scope=all', 'Contacts', {
      width: 1440,
      height: 900,
    });
    const table = page.getByRole('table', { name: 'Contacts' });
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const window_ = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    assert.ok(window_.scroll <= window_.width, `the page is ${window_.scroll} px wide in a ${window_.width} px window`);
    const header = (title: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });
    const scroller = page.locator('.bo-list .ant-table-content');
    const frame = (await scroller.boundingBox())!;
    assert.ok(frame.x + frame.width <= 1440, `the table's frame ends at ${frame.x + frame.width}`);
    const inFrame = async (what: string, box: { x: number; width: number } | null) =>
      assert.ok(
        box && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1,
        `${what}: ${JSON.stringify(box)} in ${JSON.stringify(frame)}`,
      );
    for (const title of ['Nom', 'Société', 'Téléphone']) await inFrame(title, await header(title).boundingBox());
    // Scrolled to its far end, the table still shows whose row it is, beside the last columns.
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await page.waitForFunction(() => {
      const element = document.querySelector('.bo-list .ant-table-content');
      return element !== null && element.scrollLeft > 0;
    });
    await inFrame('Statut', await header('Statut').boundingBox());
    await inFrame('Nom', await header('Nom').boundingBox());
    const nameCell = firstRow.locator('td.bo-list__sticky');
    await inFrame('the first row’s name', await nameCell.boundingBox());
    // On top of the cells scrolled under it, and after the tick box, not over it.
    const tick = (await firstRow.locator('td.ant-table-selection-column').boundingBox())!;
    const name = (await nameCell.boundingBox())!;
    assert.ok(name.x >= tick.x + tick.width - 1, `${JSON.stringify(name)} after ${JSON.stringify(tick)}`);
    const onTop = await nameCell.evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      return cell.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    assert.equal(onTop, true);
    await context.close();
  });

  it('folds the filters behind "Filtres" on a 390 px phone, which counts those in use; the rows show on the first screen', async () => {
    const viewport = { width: 390, height: 844 };
    const { context, page } = await newPageAs('COM', '/liste-contacts', 'Contacts', viewport);
    const firstRow = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr').first();
    await firstRow.waitFor();
    const filters = page.getByRole('search', { name: 'Filtres : Contacts' });
    const toggle = filters.getByRole('button', { name: 'Filtres', exact: true });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await filters.getByLabel('Propriétaire').isVisible(), false);
    assert.equal(await filters.getByRole('button', { name: 'Effacer les filtres' }).isVisible(), false);
    // The search stays at hand.
    assert.equal(await filters.getByLabel('Rechercher').isVisible(), true);
    const row = await firstRow.boundingBox();
    assert.ok(row && row.y + row.height <= viewport.height, `the first row at ${JSON.stringify(row)}`);

    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const status = filters.getByLabel('Statut', { exact: true });
    await status.waitFor();
    await status.focus();
    await status.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible').getByText('En veille', { exact: true }).waitFor();
    await status.press('ArrowDown');
    await status.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('standby') === '1');
    await filters.getByRole('button', { name: 'Filtres (1)' }).waitFor();
    // Folded again, the count still says a filter is in use.
    await filters.getByRole('button', { name: 'Filtres (1)' }).click();
    assert.equal(await status.isVisible(), false);
    await context.close();

    // A wide screen shows the filters as they are, without the button.
    const wide = await newPageAs('COM', '/liste-contacts', 'Contacts', { width: 1280, height: 800 });
    const wideFilters = wide.page.getByRole('search', { name: 'Filtres : Contacts' });
    await wideFilters.getByLabel('Propriétaire').waitFor();
    assert.equal(await wideFilters.getByRole('button', { name: /^Filtres/ }).count(), 0);
    await wide.context.close();
  });

  it('says once that a list failed to load, and loads it on retry', async () => {
    const { context, page } = await newPageAs('COM', '/agenda', 'Agenda');
    const failing = (url: URL) =>
      url.origin === new URL(stack.harness.system.api.url).origin && url.pathname === '/companies';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: 'internalServerError' }] }),
      }),
    );
    await page.evaluate(() => {
      history.pushState({}, '', '/liste-societes');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Sociétés', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Réessayer' }).waitFor();
    const said = page.getByText(/chargement a échoué|pas pu être chargée/i);
    assert.equal(await said.count(), 1, (await said.allInnerTexts()).join(' | '));
    assert.equal(await page.getByText('Aucune société ne correspond à ces critères').count(), 0);
    await page.unroute(failing);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('table', { name: 'Sociétés' }).locator('tbody tr.ant-table-row').first().waitFor();
    assert.equal(await said.count(), 0);
    await context.close();
  });

  it('gives the pagination real links to each page, and changes the page with the keyboard', async () => {
    const { context, page } = await newPageAs('DIR', '/liste-contacts?scope=all&standby=0', 'Contacts');
    const pagination = page.locator('.ant-pagination');
    await pagination.locator('.ant-pagination-item-2').waitFor();
    assert.equal(await pagination.locator('a:not([href])').count(), 0, await pagination.innerHTML());
    const second = pagination.locator('.ant-pagination-item-2 a');
    const href = new URL((await second.getAttribute('href')) ?? '', page.url());
    assert.deepEqual(
      [href.pathname, href.searchParams.get('page'), href.searchParams.get('scope'), href.searchParams.get('standby')],
      ['/liste-contacts', '2', 'all', '0'],
    );
    // One stop of the keyboard per page: the item, Enter on it.
    assert.equal(await second.getAttribute('tabindex'), '-1');
    await pagination.locator('li.ant-pagination-item-2').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await pagination.locator('.ant-pagination-item-active.ant-pagination-item-2').waitFor();
    // A click on a link stays in the application (no page load).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await pagination.locator('.ant-pagination-item-1 a').click();
    await page.waitForURL((url) => url.searchParams.get('page') === null);
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true);
    assert.equal(await pagination.locator('a:not([href])').count(), 0);
    await context.close();
  });
});

describe('admin pages', () => {
  it('offers no delete on a needs status in use, says by how many sheets, and deletes an unused one', async () => {
    const unused = await apiPost<NeedsSheetStatus>(
      stack.harness.system.api.url,
      tokens.ADM,
      '/admin/need-status/store',
      { label: 'Jamais utilisé', color: '#123456', order: 999 },
    );
    const statuses = await api<NeedsSheetStatus[]>('ADM', '/need-statuses');
    const used = statuses.find((status) => status.usedBy > 1);
    assert.ok(used, 'the demo data has a status used by several sheets');
    const { context, page } = await newPageAs('ADM', '/fiches-de-besoin/status', 'Statuts des fiches');
    const rowOf = (label: string) => page.locator('tr.ant-table-row').filter({ hasText: label });
    await rowOf(used.label).getByText(`Utilisé par ${used.usedBy} fiches`).waitFor();
    assert.equal(await page.getByRole('button', { name: `Supprimer le statut ${used.label}` }).count(), 0);
    await page.getByRole('button', { name: `Supprimer le statut ${unused.label}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer', exact: true }).click();
    await rowOf(unused.label).waitFor({ state: 'detached' });
    assert.ok(!(await api<NeedsSheetStatus[]>('ADM', '/need-statuses')).some((status) => status.id === unused.id));
    await context.close();
  });

  it('finds a leader in the user form by typing part of the name, accents and case aside, and picks it with the keyboard', async () => {
    const users = await api<AdminUser[]>('ADM', '/admin/users');
    const leader = users.find((user) => user.role.businessLeader && user.isActive);
    assert.ok(leader, 'the demo data has a leader');
    const label = `${leader.trigram} – ${leader.firstName} ${leader.lastName}`;
    // Part of the last name, upper case and without its accents.
    const typed = foldAccents(leader.lastName).slice(1, 5).toUpperCase();
    const { context, page } = await newPageAs('ADM', '/liste-utilisateurs?user=new', 'Utilisateurs');
    const field = page.getByRole('dialog').getByLabel('Responsable (équipe)');
    await field.focus();
    await page.keyboard.type(typed);
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: label }).waitFor();
    const shown = await options.allInnerTexts();
    assert.ok(
      shown.every((text) => foldAccents(text).includes(foldAccents(typed))),
      shown.join(' | '),
    );
    for (let step = 0; step < shown.length; step += 1) {
      const active = await field.evaluate((input) =>
        document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.getAttribute('aria-label'),
      );
      if (active === label) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').locator(`.ant-select-content[title="${label}"]`).waitFor();
    await context.close();
  });
});

// A computed CSS colour, with its alpha: rgb(1, 2, 3) or rgba(1, 2, 3, 0.5).
const parse = (colour: string) => {
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return { r, g, b, a };
};
const hex = (colour: string) =>
  `#${[parse(colour).r, parse(colour).g, parse(colour).b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
// A colour as it shows on an opaque background (antd writes its texts with transparency), as rgb().
const over = (colour: string, background: string) => {
  const t = parse(colour);
  const b = parse(background);
  return `rgb(${t.r * t.a + b.r * (1 - t.a)}, ${t.g * t.a + b.g * (1 - t.a)}, ${t.b * t.a + b.b * (1 - t.a)})`;
};

// Written without named functions inside: the page runs the code as it is, without the helpers tsx adds for names.
async function sidebarColours(page: Page) {
  return page.evaluate(() => {
    const painted = [] as { element: Element; background: string }[];
    const targets = [
      ...document.querySelectorAll('.bo-sider .bo-brand, .bo-sider .ant-menu-title-content'),
      document.querySelector('.bo-main-column'),
    ];
    for (const element of targets) {
      if (!element || element.getClientRects().length === 0) continue;
      // The first of its ancestors (itself included) whose background is painted.
      let background = 'rgb(255, 255, 255)';
      for (let at: Element | null = element; at; at = at.parentElement) {
        const value = getComputedStyle(at).backgroundColor;
        if (value !== 'rgba(0, 0, 0, 0)' && value !== 'transparent') {
          background = value;
          break;
        }
      }
      painted.push({ element, background });
    }
    const sider = document.querySelector('.bo-sider');
    const main = painted.pop();
    return {
      sider: sider ? getComputedStyle(sider).backgroundColor : '',
      border: sider ? getComputedStyle(sider).borderInlineEndWidth : '0px',
      page: main?.background ?? '',
      texts: painted.map(({ element, background }) => ({
        text: (element.textContent ?? '').trim(),
        colour: getComputedStyle(element).color,
        background,
      })),
    };
  });
}

describe('the sidebar', () => {
  it('stands apart from the page in the light theme, and its texts read at 4.5:1 or more in either colour', async () => {
    for (const [color, sidebarTheme] of [
      ['light', 'default'],
      ['light', 'light'],
      ['dark', 'default'],
      ['dark', 'light'],
      ['light', 'dark'],
    ] as const) {
      await stack.saveSettings('REC', { color, sidebarTheme, layout: 'vertical', sidebarType: 'fixed' });
      const { context, page } = await newPageAs('REC', '/agenda', 'Agenda', { width: 1440, height: 900 });
      await page.locator('.bo-sider .ant-menu-item-selected').waitFor();
      const seen = await sidebarColours(page);
      const light = (sidebarTheme === 'default' ? color : sidebarTheme) === 'light';
      const where = `${color} page, ${sidebarTheme} sidebar`;
      if (light) {
        assert.notEqual(seen.sider, seen.page, where);
        assert.notEqual(seen.sider, 'rgb(255, 255, 255)', `${where}: not the white of the cards`);
        assert.ok(parseFloat(seen.border) >= 1, `${where}: a border`);
      }
      assert.ok(seen.texts.length >= 3, `${where}: ${JSON.stringify(seen.texts)}`);
      for (const text of seen.texts) {
        const background = over(text.background, seen.page);
        const ratio = contrastRatio(hex(over(text.colour, background)), hex(background)) ?? 0;
        assert.ok(ratio >= 4.5, `${where}: "${text.text}" ${text.colour} on ${text.background}: ${ratio}:1`);
      }
      await context.close();
    }
    await stack.saveSettings('REC', { color: 'light', sidebarTheme: 'dark' });
  });
});
