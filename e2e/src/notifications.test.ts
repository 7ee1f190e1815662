// The header's bell (docs/notifications.md), as a user meets it: a contact their leader gives them is counted on the
// bell of their open page within two seconds, the panel says so and opens the contact, read then; all marked read at
// once; the browser's own notification when chosen; the choices kept on /mon-compte; the digest's unsubscribe link;
// no accessibility fault in either theme.
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ListPage,
  type NotificationPreferences,
  type User,
} from '@bo/contracts/all';
import { simpleParser } from 'mailparser';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { apiPost, pickOption, useStack } from './harness';

const stack = useStack({ users: ['REC', 'DIR', 'COM'] });
const { it, api } = stack;

const LIVE_MS = 2_000;

type ContactBrief = { id: number; firstName: string; lastName: string; owner: { id: number } };

// A contact REC does not own yet (each test gives REC one, so the next test finds another).
async function contactNotOwnedBy(userId: number): Promise<ContactBrief> {
  const contacts = await api<ListPage<ContactBrief>>('/contacts', { perPage: 50 }, 'COM');
  const contact = contacts.items.find((item) => item.owner.id !== userId);
  assert.ok(contact, 'a contact REC does not own');
  return contact;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function savePreferences(trigram: string, preferences: NotificationPreferences) {
  const response = await fetch(new URL('/user/notification-preferences', stack.harness.system.api.url), {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${stack.tokens[trigram]}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(preferences),
  });
  assert.equal(response.status, 200);
}

describe('notifications', () => {
  it('counts on REC’s bell, within 2 s, the contact DIR gives them, and opens it from the panel by keyboard', async () => {
    const dir = await api<User>('/user', {}, 'DIR');
    const rec = await api<User>('/user', {}, 'REC');
    const contact = await contactNotOwnedBy(rec.id);
    await apiPost(stack.harness.system.api.url, stack.tokens.REC, '/notifications/read', {});

    const { page } = await stack.newPage('/agenda', 'Agenda', { as: 'REC' });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'open', undefined, { timeout: 10_000 });
    await bell(page)
      .and(page.getByRole('button', { name: 'Notifications', exact: true }))
      .waitFor();

    const saved = Date.now();
    await apiPost(stack.harness.system.api.url, stack.tokens.DIR, '/contacts/owner', {
      ids: JSON.stringify([contact.id]),
      ownerId: rec.id,
    });
    await page.getByRole('button', { name: 'Notifications, 1 non lue' }).waitFor({ timeout: LIVE_MS });
    assert.ok(Date.now() - saved < LIVE_MS, `counted ${Date.now() - saved} ms after the save`);

    // By keyboard alone: the bell, then the notification's link.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const text = `${dir.firstName} ${dir.lastName} vous a attribué le contact ${contact.firstName} ${contact.lastName}`;
    const link = panel.getByRole('link', { name: new RegExp(`^Non lue : ${text}`) });
    await link.waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the open panel, light theme');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/liste-contacts' && url.searchParams.get('contact') === String(contact.id),
    );
    await page.getByRole('dialog', { name: /^Contact : / }).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: LIVE_MS });
    await page.context().close();
  });

  it('marks every notification read at once (dark theme)', async () => {
    await stack.saveSettings('REC', { color: 'dark' });
    const rec = await api<User>('/user', {}, 'REC');
    const contacts = await api<ListPage<{ id: number; owner: { id: number } }>>('/contacts', { perPage: 50 }, 'COM');
    const given = contacts.items.filter((item) => item.owner.id !== rec.id).slice(0, 2);
    for (const contact of given)
      await apiPost(stack.harness.system.api.url, stack.tokens.DIR, '/contacts/owner', {
        ids: JSON.stringify([contact.id]),
        ownerId: rec.id,
      });
    const { page } = await stack.newPage('/agenda', 'Agenda', { as: 'REC' });
    await page.getByRole('button', { name: /^Notifications, \d+ non lues?$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link').first().waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the open panel, dark theme');
    await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    assert.equal(await panel.getByText(/^Non lue : /).count(), 0);
    await page.context().close();
    await stack.saveSettings('REC', { color: 'light' });
  });

  it('shows the browser’s own notification too when REC chose them and the browser allows them', async () => {
    const dir = await api<User>('/user', {}, 'DIR');
    const rec = await api<User>('/user', {}, 'REC');
    const contact = await contactNotOwnedBy(rec.id);
    await savePreferences('REC', { ...DEFAULT_NOTIFICATION_PREFERENCES, browser: true });
    try {
      const context = await stack.harness.browser.newContext({
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        permissions: ['notifications'],
      });
      await context.grantPermissions(['notifications'], { origin: stack.base });
      // Chromium's own notifications, each one's text noted as it is made (the page cannot see the system's).
      await context.addInitScript((token) => {
        localStorage.setItem('token', token);
        const shown: string[] = [];
        Object.assign(window, { shownNotifications: shown });
        window.Notification = new Proxy(window.Notification, {
          construct(target, args: [string, NotificationOptions?]) {
            shown.push(args[1]?.body ?? args[0]);
            return Reflect.construct(target, args) as Notification;
          },
        });
      }, stack.tokens.REC);
      const page = await context.newPage();
      await page.goto(`${stack.base}/agenda`);
      await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.live === 'open', undefined, {
        timeout: 10_000,
      });
      await bell(page).first().waitFor();
      await apiPost(stack.harness.system.api.url, stack.tokens.DIR, '/contacts/owner', {
        ids: JSON.stringify([contact.id]),
        ownerId: rec.id,
      });
      const text = `${dir.firstName} ${dir.lastName} vous a attribué le contact ${contact.firstName} ${contact.lastName}`;
      await page.waitForFunction(
        (expected) => (window as unknown as { shownNotifications: string[] }).shownNotifications.includes(expected),
        text,
        { timeout: 5_000 },
      );
      await context.close();
    } finally {
      await savePreferences('REC', DEFAULT_NOTIFICATION_PREFERENCES);
    }
  });

  it('keeps on /mon-compte the kinds a user turns off and the hour of their digest', async () => {
    const { page } = await stack.newPage('/mon-compte', 'Mon compte', { as: 'COM' });
    const form = page.getByRole('form', { name: 'Préférences de notification' });
    const kind = form.getByRole('checkbox', { name: 'Un contact qui m’est attribué' });
    await kind.waitFor();
    assert.equal(await kind.isChecked(), true);
    await kind.uncheck();
    await pickOption(page, 'Résumé quotidien par e-mail', '20 h', form);
    await form.getByRole('button', { name: 'Enregistrer les notifications' }).click();
    await page.getByText('Préférences de notification enregistrées').first().waitFor();
    const stored = await api<NotificationPreferences>('/user/notification-preferences', {}, 'COM');
    assert.deepEqual([stored.kinds.contactAssigned, stored.kinds.sheetStatus, stored.digestHour], [false, true, 20]);
    await page.reload();
    await kind.waitFor();
    assert.equal(await kind.isChecked(), false);
    await page.context().close();
  });

  it('sends REC the day’s digest by e-mail, whose link turns it off without logging in', async () => {
    const rec = await api<User>('/user', {}, 'REC');
    // Due from 0 h: the next round (every second in these tests) sends it, unless REC's hour (8 h) had come when the
    // system started and it went out then.
    await savePreferences('REC', { ...DEFAULT_NOTIFICATION_PREFERENCES, digestHour: 0 });
    const { mail } = stack.harness.system;
    const deadline = Date.now() + 15_000;
    while (!mail.messages.some((message) => message.to.includes(rec.email)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const message = mail.messages.find((one) => one.to.includes(rec.email));
    assert.ok(message, 'REC’s digest was sent');
    const parsed = await simpleParser(message.raw);
    assert.match(parsed.text ?? '', new RegExp(`^Bonjour ${rec.firstName},`));
    assert.match(parsed.text ?? '', /\/liste-contacts\?contact=\d+|\/fiches-de-besoin\?sheet=\d+/);
    const link = /(http:\/\/localhost:\d+\/desabonnement\?jeton=[\w-]+)/.exec(parsed.text ?? '')?.[1];
    assert.ok(link, 'the unsubscribe link');

    // A browser that never logged in opens the link from the e-mail.
    const { context, page } = await stack.harness.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Résumé quotidien par e-mail' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Me désabonner' }).click();
    await page.getByText('C’est fait : vous ne recevrez plus le résumé quotidien.').waitFor();
    const stored = await api<NotificationPreferences>('/user/notification-preferences', {}, 'REC');
    assert.equal(stored.digestHour, null);
    await context.close();
  });
});
