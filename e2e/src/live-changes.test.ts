// Live changes (docs/live-changes.md), with two browsers as two users: what one saves shows on the other's open page
// within two seconds, without a reload; a network cut and its end lose no change.
import {
  addDays,
  toBusinessIsoDate,
  type ListPage,
  type NeedsSheetListItem,
  type NeedsSheetStatus,
  type Todo,
  type User,
} from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { monthGridRange } from '../../shared/todos/src/calendar/calendar-range';
import { apiPost, pickOption, useStack } from './harness';

const stack = useStack({ users: ['COM', 'DIR', 'REC'] });
const { it, api } = stack;

// What the issue asks: a colleague's change on screen within 2 s of its save.
const LIVE_MS = 2_000;

const today = toBusinessIsoDate(new Date());
const grid = monthGridRange(today);
const noon = (isoDate: string) => Math.floor(new Date(`${isoDate}T12:00:00Z`).getTime() / 1000);
const comTodos = () => api<Todo[]>('/todos', { onlyPending: 1, start: noon(grid.start), end: noon(grid.end) }, 'COM');
const eventOf = (page: Page, id: number) => page.locator(`.fc [data-todo-id="${id}"]`);

// The page's event stream is open (its `ready` came).
async function streamOpen(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open', undefined, { timeout: 10_000 });
}

async function openAgenda(as: string): Promise<Page> {
  const { page } = await stack.newPage('/agenda', 'Agenda', { as });
  await page.locator('.fc-daygrid-event').first().waitFor();
  await streamOpen(page);
  return page;
}

// A pending todo of COM's, drawn in its cell on this month's grid (not folded into "+N en plus").
async function pendingInView(page: Page, not: number[] = []): Promise<Todo> {
  for (const todo of await comTodos()) {
    if (not.includes(todo.id) || todo.deadline < grid.start || todo.deadline > grid.end) continue;
    if (await eventOf(page, todo.id).isVisible()) return todo;
  }
  throw new Error('COM has no pending todo in view this month');
}

describe('live changes', () => {
  it("greys on COM's open agenda, within 2 s, the todo their leader DIR accomplishes", async () => {
    const page = await openAgenda('COM');
    const todo = await pendingInView(page);
    let reloads = 0;
    page.on('framenavigated', () => (reloads += 1));
    // DIR's calendar shows a member's todos read-only: the leader accomplishes it as the team's pages do, by the
    // API, with DIR's own session.
    const saved = Date.now();
    await apiPost(stack.harness.system.api.url, stack.tokens.DIR, `/todo/${todo.id}/store`, {
      deadline: todo.deadline,
      notes: todo.notes ?? '',
      isAccomplished: 1,
    });
    await page.locator(`[data-todo-id="${todo.id}"].bo-todo-event--accomplished`).waitFor({ timeout: LIVE_MS });
    assert.ok(Date.now() - saved < LIVE_MS, `shown ${Date.now() - saved} ms after the save`);
    assert.equal(reloads, 0, 'the page was not reloaded');
    await page.context().close();
  });

  it("shows on COM's open needs list the status REC changes in their own browser", async () => {
    const rec = await api<User>('/user', {}, 'REC');
    const statuses = await api<NeedsSheetStatus[]>('/need-statuses', {}, 'REC');
    const sheets = await api<ListPage<NeedsSheetListItem>>('/needs', { scope: 'all', open: 1, perPage: 100 }, 'REC');
    const sheet = sheets.items.find((item) => item.recruiters.some((recruiter) => recruiter.id === rec.id));
    assert.ok(sheet, 'the demo assigns REC to an open sheet');
    const target = statuses.find((status) => status.isActive && status.id !== sheet.status.id && !status.closes);
    assert.ok(target);

    const list = (await stack.newPage(`/fiches-de-besoin?scope=all&search=${sheet.reference}`, 'Fiches de besoin'))
      .page;
    const row = list.locator('.bo-list .ant-table-tbody tr.ant-table-row').filter({ hasText: sheet.reference });
    await row.getByText(sheet.status.label).waitFor();
    await streamOpen(list);

    const { page: recPage } = await stack.newPage(`/fiches-de-besoin?scope=all&sheet=${sheet.id}`, 'Fiches de besoin', {
      as: 'REC',
    });
    const panel = recPage.getByRole('dialog');
    await panel.getByRole('tab', { name: 'Statut' }).click();
    await pickOption(recPage, /^Nouveau statut/, target.label);
    await panel.getByLabel(/^Commentaire/).fill('Candidats présentés au client');
    await panel.getByRole('button', { name: 'Changer le statut' }).click();
    await recPage.getByText('Statut modifié').first().waitFor();
    const saved = Date.now();
    await row.getByText(target.label).waitFor({ timeout: LIVE_MS });
    assert.ok(Date.now() - saved < LIVE_MS);
    await list.context().close();
    await recPage.context().close();
  });

  it("says on DIR's panel that COM has the same contact open, and no longer once COM closes it", async () => {
    const [com, dir] = [await api<User>('/user', {}, 'COM'), await api<User>('/user', {}, 'DIR')];
    const contacts = await api<ListPage<{ id: number }>>('/contacts', { perPage: 1 }, 'COM');
    const contact = contacts.items[0];
    assert.ok(contact);
    const address = `/liste-contacts?contact=${contact.id}`;
    const { page: comPage } = await stack.newPage(address, 'Contacts', { as: 'COM' });
    await comPage.getByRole('dialog', { name: /^Contact : / }).waitFor();
    const { page: dirPage } = await stack.newPage(address, 'Contacts', { as: 'DIR' });
    const dirPanel = dirPage.getByRole('dialog', { name: /^Contact : / });
    const notice = dirPanel.getByText(`${com.firstName} ${com.lastName} consulte cette fiche`);
    await notice.waitFor({ timeout: 10_000 });
    // And the other way round.
    await comPage.getByText(`${dir.firstName} ${dir.lastName} consulte cette fiche`).waitFor({ timeout: 10_000 });
    // COM leaves the panel with Échap.
    await comPage.keyboard.press('Escape');
    await comPage.getByRole('dialog', { name: /^Contact : / }).waitFor({ state: 'hidden' });
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    await comPage.context().close();
    await dirPage.context().close();
  });

  it('loses no change over a network cut: the stream resumes from the last change it had', async () => {
    const page = await openAgenda('COM');
    const opened: Array<string | null> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/events') opened.push(request.headers()['last-event-id'] ?? null);
    });
    const first = await pendingInView(page);
    const second = await pendingInView(page, [first.id]);
    // A change heard before the cut: the page knows where it stopped.
    await apiPost(stack.harness.system.api.url, stack.tokens.COM, `/todo/${first.id}/store`, {
      deadline: first.deadline,
      notes: 'Avant la coupure',
    });
    await page.waitForFunction(() => document.documentElement.dataset.liveLastEvent !== undefined);
    await page.context().setOffline(true);
    await page.waitForFunction(() => document.documentElement.dataset.live !== 'open', undefined, { timeout: 10_000 });
    // While the page is cut off, DIR accomplishes one todo and moves another.
    const moved = addDays(second.deadline, second.deadline === grid.end ? -1 : 1);
    await apiPost(stack.harness.system.api.url, stack.tokens.DIR, `/todo/${first.id}/store`, {
      deadline: first.deadline,
      notes: 'Avant la coupure',
      isAccomplished: 1,
    });
    await apiPost(stack.harness.system.api.url, stack.tokens.DIR, `/todo/${second.id}/store`, {
      deadline: moved,
      notes: second.notes ?? '',
    });
    await page.context().setOffline(false);
    await page.locator(`[data-todo-id="${first.id}"].bo-todo-event--accomplished`).waitFor({ timeout: 15_000 });
    await page.locator(`td[data-date="${moved}"] [data-todo-id="${second.id}"]`).waitFor({ timeout: LIVE_MS });
    // The page opened its stream again from the last change it had, not from nothing.
    assert.ok(opened.length >= 1, 'the stream was opened again');
    assert.match(String(opened.at(-1)), /^\d+$/);
    await page.context().close();
  });
});
