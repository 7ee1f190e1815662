// The agenda remote in Chromium against the real API: the calendar of todos (/agenda) and the list (/contacts/taches).
import {
  addDays,
  contactName,
  toBusinessIsoDate,
  type StandbyLists,
  type Task,
  type Todo,
  type User,
} from '@bo/contracts/all';
import ICAL from 'ical.js';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { monthGridRange } from '../../shared/todos/src/calendar/calendar-range';
import { apiPost, pickOption, savedToken, useStack } from './harness';

const stack = useStack({ users: ['COM'] });
const { it, api } = stack;

const today = toBusinessIsoDate(new Date());
const grid = monthGridRange(today);
const noon = (isoDate: string) => Math.floor(new Date(`${isoDate}T12:00:00Z`).getTime() / 1000);

const visibleTodos = () => api<Todo[]>('/todos', { onlyPending: 0, start: noon(grid.start), end: noon(grid.end) });

function rgb(hex: string): string {
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `rgb(${n(1)}, ${n(3)}, ${n(5)})`;
}

const eventOf = (page: Page, id: number): Locator => page.locator(`.fc [data-todo-id="${id}"]`);

// A chip as the eye reads it: whom the todo is for, then its task type (the company only on a wide chip).
const chipStart = (todo: Todo) => `${contactName(todo.contact)} · ${todo.task.description}`;

// A question asked with the kit's confirmation (antd's confirm dialog), found by its title.
const question = (page: Page, title: string) => page.locator('.ant-modal-confirm').filter({ hasText: title });

async function openAgenda(page: Page) {
  await page.goto(`${stack.base}/agenda`);
  await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
  await page.locator('.fc-daygrid-event').first().waitFor();
  await page.getByText('Chargement des tâches…').waitFor({ state: 'hidden' });
}

async function newAgendaPage(as = stack.tokens.COM) {
  const { context, page } = await stack.harness.newPage();
  await page.addInitScript((value) => localStorage.setItem('token', value), as);
  await openAgenda(page);
  return { context, page };
}

// Todos shown in their day cell (not folded into "+N en plus"), as the calendar draws them.
async function shownTodos(page: Page, todos: Todo[]): Promise<Todo[]> {
  const shown: Todo[] = [];
  for (const todo of todos) if (await eventOf(page, todo.id).isVisible()) shown.push(todo);
  return shown;
}

// A day of the visible grid, other than `not`, with the fewest todos: what lands there stays in view.
function quietDay(todos: Todo[], not: string[]): string {
  let best = '';
  let fewest = Infinity;
  for (let day = grid.start; day <= grid.end; day = addDays(day, 1)) {
    if (not.includes(day)) continue;
    const count = todos.filter((t) => t.deadline === day).length;
    if (count < fewest) [best, fewest] = [day, count];
  }
  return best;
}

async function typeDate(page: Page, label: string | RegExp, isoDate: string) {
  const input = page.getByRole('dialog').getByLabel(label);
  const [y, m, d] = isoDate.split('-');
  await input.click();
  await input.fill(`${d}/${m}/${y}`);
  // Tab commits the typed date and closes the picker (Enter would also submit the form).
  await input.press('Tab');
}

// The period filter: antd's radio buttons, chosen by their visible label.
async function period(page: Page, label: string) {
  await page.getByRole('group', { name: 'Période' }).getByText(label, { exact: true }).click();
  assert.equal(await page.getByRole('radio', { name: label }).isChecked(), true);
}

describe('agenda', () => {
  it("shows this month's todos in their task colours, accomplished ones in grey", async () => {
    const [tasks, todos] = await Promise.all([api<Task[]>('/tasks'), visibleTodos()]);
    assert.ok(todos.length > 0, 'the demo seed gives COM todos this month');
    const { context, page } = await newAgendaPage();
    const shown = await shownTodos(page, todos);
    assert.ok(shown.some((t) => !t.isAccomplished) && shown.some((t) => t.isAccomplished), 'both kinds are in view');
    for (const todo of shown) {
      const event = eventOf(page, todo.id);
      const colours = await event.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          background: style.backgroundColor,
          border: style.borderTopColor,
          text: getComputedStyle(el.querySelector('.fc-event-main') ?? el).color,
        };
      });
      assert.ok((await event.innerText()).startsWith(chipStart(todo)), `the chip of todo ${todo.id} names its contact`);
      if (todo.isAccomplished) {
        assert.deepEqual(colours, {
          background: 'rgb(224, 224, 224)',
          border: 'rgb(158, 158, 158)',
          text: 'rgb(0, 0, 0)',
        });
        assert.equal(
          await event.evaluate((el) => el.classList.contains('fc-event-draggable')),
          false,
          'an accomplished todo cannot move',
        );
      } else {
        const style = tasks.find((t) => t.id === todo.task.id)?.style;
        assert.ok(style, `task ${todo.task.id} is offered by GET /tasks`);
        assert.deepEqual(colours, {
          background: rgb(style.backgroundColor),
          border: rgb(style.borderColor),
          text: rgb(style.color),
        });
      }
      // Each todo sits in the cell of its deadline.
      assert.equal(await page.locator(`td[data-date="${todo.deadline}"] [data-todo-id="${todo.id}"]`).count(), 1);
    }
    // onlyPending hides the grey ones.
    await page.getByRole('switch', { name: 'Tâches en cours uniquement' }).click();
    await page.locator('.bo-todo-event--accomplished').first().waitFor({ state: 'detached' });
    assert.ok((await page.locator('.bo-todo-event').count()) > 0);
    await context.close();
  });

  it('edits a todo and says "Tâche modifiée"; Enter opens a focused event', async () => {
    const todos = await visibleTodos();
    const { context, page } = await newAgendaPage();
    const todo = (await shownTodos(page, todos)).find((t) => !t.isAccomplished);
    assert.ok(todo);
    await eventOf(page, todo.id).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Modifier la tâche' });
    await dialog.waitFor();
    await dialog.getByLabel('Notes').fill('Rappeler après le comité de direction');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Tâche modifiée').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await visibleTodos()).find((t) => t.id === todo.id);
    assert.equal(saved?.notes, 'Rappeler après le comité de direction');
    await context.close();
  });

  it('keeps the dialog and the typed text when the deadline is missing', async () => {
    const todos = await visibleTodos();
    const { context, page } = await newAgendaPage();
    const todo = (await shownTodos(page, todos)).find((t) => !t.isAccomplished);
    assert.ok(todo);
    await eventOf(page, todo.id).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier la tâche' });
    await dialog.getByLabel('Notes').fill('Texte gardé');
    // The date is cleared as a person does it from the keyboard: select the text, delete it, leave the field.
    const deadline = dialog.getByLabel(/Échéance/);
    await deadline.click();
    await deadline.press('Control+A');
    await deadline.press('Backspace');
    await deadline.press('Tab');
    assert.equal(await dialog.getByLabel(/Échéance/).inputValue(), '');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Date requise').waitFor();
    assert.equal(await dialog.getByLabel('Notes').inputValue(), 'Texte gardé');
    await context.close();
  });

  it('accomplishes a todo with a follow-up, which appears on the calendar at once', async () => {
    const [tasks, todos] = await Promise.all([api<Task[]>('/tasks'), visibleTodos()]);
    const { context, page } = await newAgendaPage();
    const todo = (await shownTodos(page, todos)).find((t) => !t.isAccomplished);
    assert.ok(todo);
    const followUpTask = tasks[tasks.length - 1];
    const newDeadline = quietDay(todos, [todo.deadline]);
    let refetches = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/todos') refetches += 1;
    });
    await eventOf(page, todo.id).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier la tâche' });
    await dialog.getByRole('switch', { name: 'Tâche aboutie' }).click();
    await pickOption(page, 'Type de la tâche de suivi', followUpTask.description);
    await typeDate(page, /Nouvelle échéance/, newDeadline);
    await dialog.getByLabel('Nouvelles notes').fill('Suite du rendez-vous');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Tâche modifiée').first().waitFor();
    const saved = (await visibleTodos()).find((t) => t.id === todo.id);
    assert.ok(saved?.isAccomplished && saved.replacement, 'the server accomplished it and made its follow-up');
    const replacement = page.locator(`td[data-date="${newDeadline}"] [data-todo-id="${saved.replacement.id}"]`);
    await replacement.waitFor();
    assert.ok((await replacement.innerText()).includes(` · ${followUpTask.description}`));
    await page.locator(`[data-todo-id="${todo.id}"].bo-todo-event--accomplished`).waitFor();
    assert.equal(refetches, 0, 'the cache was updated from the answer, no reload of the month');
    await context.close();
  });

  it('refuses to edit an accomplished todo', async () => {
    const todos = await visibleTodos();
    const { context, page } = await newAgendaPage();
    const done = (await shownTodos(page, todos)).find((t) => t.isAccomplished);
    assert.ok(done);
    await eventOf(page, done.id).click();
    await page.getByText('Edition impossible car la tâche est aboutie').first().waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    await context.close();
  });

  it('adds a todo for a standby contact found by the search, who leaves the standby lists', async () => {
    const [tasks, standby] = await Promise.all([api<Task[]>('/tasks'), api<StandbyLists>('/user/contacts/standby')]);
    const contact = standby.myContacts[0] ?? standby.allContacts[0];
    assert.ok(contact, 'the demo seed has contacts en veille');
    const label = contact.company
      ? `${contact.firstName} ${contact.lastName} (${contact.company.name})`
      : `${contact.firstName} ${contact.lastName}`;
    const { context, page } = await newAgendaPage();
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await dialog.waitFor();
    const field = dialog.getByLabel(/^Contact/);
    const menu = page.locator('.ant-select-dropdown:visible');
    // The search offers every contact; a standby one says so.
    await field.fill(`${contact.firstName} ${contact.lastName}`);
    await menu.getByTitle(`${label} – en veille`, { exact: true }).click();
    await pickOption(page, /Type de tâche/, tasks[0].description);
    await dialog.getByLabel('Notes').fill('Premier rendez-vous');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Tâche ajoutée, contact activé').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Active now in the search of the dialog…
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    await field.fill(`${contact.firstName} ${contact.lastName}`);
    await menu.getByTitle(label, { exact: true }).waitFor();
    assert.equal(await menu.getByTitle(`${label} – en veille`, { exact: true }).count(), 0);
    // …and gone from the standby lists on the server.
    const after = await api<StandbyLists>('/user/contacts/standby');
    for (const list of [after.myContacts, after.teamContacts, after.allContacts])
      assert.ok(!list.some((c) => c.id === contact.id));
    await context.close();
  });

  it('drags a todo to another day, where it stays after a reload', async () => {
    const todos = await visibleTodos();
    const { context, page } = await newAgendaPage();
    const todo = (await shownTodos(page, todos)).find((t) => !t.isAccomplished);
    assert.ok(todo);
    const target = quietDay(todos, [todo.deadline]);
    const from = await eventOf(page, todo.id).boundingBox();
    const to = await page.locator(`td[data-date="${target}"] .fc-daygrid-day-frame`).boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await page.getByText('Tâche modifiée').first().waitFor();
    await page.reload();
    await openAgenda(page);
    await page.locator(`td[data-date="${target}"] [data-todo-id="${todo.id}"]`).waitFor();
    const saved = (await visibleTodos()).find((t) => t.id === todo.id);
    assert.equal(saved?.deadline, target);
    assert.equal(saved?.notes, todo.notes, 'the notes are kept');
    await context.close();
  });
});

describe('agenda, second round', () => {
  it('names the contact on each chip, and leaves no link without address named nor aria-controls empty', async () => {
    const todos = await visibleTodos();
    const { context, page } = await newAgendaPage();
    const shown = await shownTodos(page, todos);
    const todo = shown[0];
    assert.ok(todo);
    const chip = eventOf(page, todo.id);
    assert.equal(await chip.getAttribute('role'), 'button');
    assert.ok((await chip.innerText()).startsWith(chipStart(todo)));
    // The company shows where the chip has room for it: a day on its own.
    const faults = () =>
      page.evaluate(() => [
        ...[...document.querySelectorAll('a:not([href])[aria-label]')].map(
          (a) => `a[aria-label="${a.getAttribute('aria-label')}"]`,
        ),
        ...[...document.querySelectorAll('[aria-controls=""]')].map(
          (element) => `${element.tagName} with aria-controls=""`,
        ),
      ]);
    assert.deepEqual(await faults(), []);
    // The day headers keep their full names, on the header cells now.
    await page.getByRole('columnheader', { name: 'lundi' }).waitFor();
    // A busy day folds its todos into "+N en plus": a button, its empty aria-controls gone.
    const more = page.locator('.fc-more-link').first();
    if ((await more.count()) > 0) {
      assert.equal(await more.getAttribute('role'), 'button');
      await more.click();
      await page.locator('.fc-popover').waitFor();
      await page.keyboard.press('Escape');
    }
    // The next month, the week and the day are drawn anew: still none.
    for (const button of ['next', 'dayGridWeek', 'dayGridDay', 'today'])
      await page.locator(`.fc-${button}-button`).click();
    assert.deepEqual(await faults(), []);
    const today = todos.find((t) => t.deadline === toBusinessIsoDate(new Date()) && t.contact.company);
    if (today)
      assert.match(await eventOf(page, today.id).innerText(), new RegExp(`\\(${today.contact.company!.name}\\)`));
    await context.close();
  });

  it("shows a member's todo read-only to their leader", async () => {
    const [leader, member] = [await savedToken(stack.harness, 'DIR'), await api<User>('/user')];
    const memberTodos = (await visibleTodos()).filter((t) => t.owner.id === member.id);
    const { context, page } = await stack.harness.newPage();
    await page.addInitScript((value) => localStorage.setItem('token', value), leader);
    await page.goto(`${stack.base}/agenda?owner=${member.id}`);
    await page.getByRole('heading', { name: /lecture seule/, level: 1 }).waitFor();
    await page.locator('.fc-daygrid-event').first().waitFor();
    const todo = (await shownTodos(page, memberTodos)).find((t) => !t.isAccomplished);
    assert.ok(todo, 'the member has a pending todo in view');
    await eventOf(page, todo.id).click();
    const dialog = page.getByRole('dialog', { name: 'Tâche (lecture seule)' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const part of [
      todo.task.description,
      contactName(todo.contact),
      todo.deadline.split('-').reverse().join('/'),
      'En cours',
    ]) {
      assert.ok(text.includes(part), `the dialog shows ${part}`);
    }
    // Nothing to type in, nothing to save.
    assert.equal(await dialog.getByRole('textbox').count(), 0);
    assert.equal(await dialog.getByRole('button', { name: 'Enregistrer' }).count(), 0);
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('asks before throwing away what was typed in the todo dialog', async () => {
    const todos = await visibleTodos();
    const { context, page } = await newAgendaPage();
    const todo = (await shownTodos(page, todos)).find((t) => !t.isAccomplished);
    assert.ok(todo);
    await eventOf(page, todo.id).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier la tâche' });
    await dialog.getByLabel('Notes').fill('Une note à moitié écrite');
    await page.keyboard.press('Escape');
    const discard = question(page, 'Abandonner les modifications ?');
    await discard.waitFor();
    // Staying keeps the text.
    await discard.getByRole('button', { name: 'Annuler' }).click();
    await discard.waitFor({ state: 'hidden' });
    assert.equal(await dialog.getByLabel('Notes').inputValue(), 'Une note à moitié écrite');
    // The dialog's own "Annuler" asks too; "Abandonner" closes it, saving nothing.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await discard.getByRole('button', { name: 'Abandonner' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await visibleTodos()).find((t) => t.id === todo.id)?.notes, todo.notes);
    // Untouched, it closes at once.
    await eventOf(page, todo.id).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await discard.count(), 0);
    await context.close();
  });

  it('takes a date typed in Échéance with Enter, and says when it is no date', async () => {
    const [tasks, todos] = await Promise.all([api<Task[]>('/tasks'), visibleTodos()]);
    const contact = todos[0].contact;
    const label = contact.company ? `${contactName(contact)} (${contact.company.name})` : contactName(contact);
    const { context, page } = await newAgendaPage();
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await dialog.getByLabel(/^Contact/).fill(contactName(contact));
    await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
    await pickOption(page, /Type de tâche/, tasks[0].description);
    await dialog.getByLabel('Notes').fill('Date tapée au clavier');
    const deadline = dialog.getByLabel(/Échéance/);
    const typeAndEnter = async (text: string) => {
      await deadline.click();
      await deadline.fill(text);
      await deadline.press('Enter');
    };
    // Without separators: taken, and shown as usually written.
    await typeAndEnter('03122026');
    assert.equal(await deadline.inputValue(), '03/12/2026');
    // A date that does not exist is said under the field, and the form is not saved with the day shown before.
    await typeAndEnter('31/02/2026');
    await dialog.getByText(/Date non valide : saisissez-la en jj\/mm\/aaaa/).waitFor();
    assert.equal(await deadline.getAttribute('aria-invalid'), 'true');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    assert.equal(await dialog.isVisible(), true);
    // Typed as usually written, then Enter: taken, the message gone.
    await typeAndEnter('03/12/2026');
    assert.equal(await deadline.inputValue(), '03/12/2026');
    assert.equal(await dialog.getByText(/Date non valide/).count(), 0);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Tâche ajoutée, contact activé').first().waitFor();
    const added = await api<Todo[]>('/todos', { onlyPending: 1, start: '2026-12-03', end: '2026-12-03' });
    assert.ok(
      added.some((t) => t.contact.id === contact.id && t.notes === 'Date tapée au clavier'),
      'the todo is on 3 December 2026',
    );
    await context.close();
  });

  it('turns the calendar feed on in /mon-compte, copies, renews and stops it; its link opens the todo', async () => {
    const todos = await visibleTodos();
    const tasks = await api<Task[]>('/tasks');
    // A todo two months ahead: following its link must show that month, not this one.
    const later = addDays(grid.end, 40);
    const created = await apiPost<Todo>(
      stack.harness.system.api.url,
      stack.tokens.COM,
      `/contact/${todos[0].contact.id}/task/${tasks[0].id}/todo/store`,
      {
        deadline: later,
        notes: 'Rendez-vous lointain',
      },
    );
    const { context, page } = await stack.harness.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.base });
    await page.addInitScript((value) => localStorage.setItem('token', value), stack.tokens.COM);
    await page.goto(`${stack.base}/mon-compte`);
    const card = page.getByRole('region', { name: 'Abonnement à mes tâches' });
    await card.getByRole('button', { name: 'Activer l’abonnement' }).click();
    const field = card.getByLabel('Adresse de l’abonnement');
    await field.waitFor();
    const url = await field.inputValue();
    assert.match(url, /\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    assert.equal(await field.getAttribute('readonly'), '');
    await card.getByText('Dans Outlook').waitFor();
    await card.getByText('Dans Google Agenda (sur ordinateur)').waitFor();
    await card.getByRole('button', { name: 'Copier' }).click();
    await page.getByText('Adresse copiée').first().waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);

    // What a calendar client reads there: the todo, with its link back to the agenda.
    const feed = await fetch(url);
    assert.equal(feed.status, 200);
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent');
    const event = events.find(
      (component) => component.getFirstPropertyValue('uid') === `todo-${created.id}@back-office`,
    );
    assert.ok(event, 'the feed holds the new todo');
    const link = String(event.getFirstPropertyValue('url'));
    assert.equal(link, `${stack.base}/agenda?todo=${created.id}`);

    // A new address: asked first; the old one stops at once.
    await card.getByRole('button', { name: 'Créer une nouvelle adresse' }).click();
    await question(page, 'Créer une nouvelle adresse ?')
      .getByRole('button', { name: 'Créer une nouvelle adresse' })
      .click();
    await page.getByText('Nouvelle adresse créée').first().waitFor();
    const renewed = await field.inputValue();
    assert.notEqual(renewed, url);
    assert.equal((await fetch(url)).status, 404);
    assert.equal((await fetch(renewed)).status, 200);

    // Off: asked first; the address stops, the card offers to turn it on again.
    await card.getByRole('button', { name: 'Désactiver l’abonnement' }).click();
    await question(page, 'Désactiver l’abonnement ?').getByRole('button', { name: 'Désactiver', exact: true }).click();
    await card.getByRole('button', { name: 'Activer l’abonnement' }).waitFor();
    assert.equal((await fetch(renewed)).status, 404);

    // The feed's link opens the todo's month and its dialog, then leaves the address clean.
    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: 'Modifier la tâche' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Notes').inputValue(), 'Rendez-vous lointain');
    await eventOf(page, created.id).waitFor();
    assert.equal(new URL(page.url()).search, '');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('todo list', () => {
  it('filters late, accomplished and by contact, and opens a row with Enter', async () => {
    const all = await api<Todo[]>('/todos', { onlyPending: 0 });
    const late = all.filter((t) => !t.isAccomplished && t.deadline < today);
    assert.ok(late.length > 0);
    const { context, page } = await stack.newPage('/contacts/taches', 'Liste des tâches');
    const rows = page.locator('tr.bo-todo-row');
    await rows.first().waitFor();
    await page.getByText(`${all.length} tâches`).waitFor();

    await period(page, 'En retard');
    await page.getByText(`${late.length} tâche${late.length > 1 ? 's' : ''}`, { exact: true }).waitFor();
    for (const row of await rows.all()) assert.ok((await row.textContent())?.includes('En retard'));

    const done = all.filter((t) => t.isAccomplished);
    await period(page, 'Abouties');
    await page.getByText(`${done.length} tâche${done.length > 1 ? 's' : ''}`, { exact: true }).waitFor();
    for (const row of (await rows.all()).slice(0, 5)) assert.ok((await row.textContent())?.includes('Aboutie'));
    await rows.first().click();
    await page.getByText('Edition impossible car la tâche est aboutie').first().waitFor();

    await period(page, 'Toutes');
    const someone = late[0].contact;
    await page.getByLabel('Rechercher un contact').fill(someone.lastName);
    const named = all.filter((t) =>
      `${t.contact.firstName} ${t.contact.lastName}`.toLowerCase().includes(someone.lastName.toLowerCase()),
    );
    await page.getByText(`${named.length} tâche${named.length > 1 ? 's' : ''}`, { exact: true }).waitFor();

    await period(page, 'En retard');
    await rows.first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Modifier la tâche' }).waitFor();
    await context.close();
  });

  it('keeps its view in the address, through a reload and back, and exports it as CSV', async () => {
    const all = await api<Todo[]>('/todos', { onlyPending: 0 });
    const late = all.filter((t) => !t.isAccomplished && t.deadline < today);
    const done = all.filter((t) => t.isAccomplished);
    const count = (n: number) => `${n} tâche${n > 1 ? 's' : ''}`;
    const { context, page } = await stack.harness.newPage();
    await page.addInitScript((value) => localStorage.setItem('token', value), stack.tokens.COM);
    await page.goto(`${stack.base}/contacts/taches?period=late`);
    await page.getByText(count(late.length), { exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'En retard' }).isChecked(), true);

    await period(page, 'Abouties');
    await page.getByText(count(done.length), { exact: true }).waitFor();
    await page.waitForURL(/period=accomplished/);
    await page.reload();
    await page.getByText(count(done.length), { exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'Abouties' }).isChecked(), true);
    await page.goBack();
    await page.getByText(count(late.length), { exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'En retard' }).isChecked(), true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'taches.csv');
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte order mark');
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    assert.equal(lines[0], 'Échéance;Tâche;Contact;Société;Notes;Statut;Responsable');
    assert.equal(lines.length, late.length + 1, 'every late todo, on every page, and nothing else');
    assert.ok(lines.slice(1).every((line) => line.includes(';En retard;')));
    await context.close();
  });
});
