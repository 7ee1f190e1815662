import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDays, toBusinessIsoDate, type NeedsSheet, type NeedsSheetStatus } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startLocalSmtp, type LocalSmtp } from '../../../scripts/local-smtp';
import { defaultNotificationsConfig } from '../config';
import { addTodo, seedFixture, sheetFields, type Fixture } from '../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testEngines, type TestDatabase } from '../test/harness';

const APP_URL = 'https://bo.example.test';

// The List-Unsubscribe header's address, as a mail client reads it.
const unsubscribeHeader = (mail: ParsedMail) =>
  (mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '')
    .replace(/^List-Unsubscribe:\s*/i, '')
    .replace(/^<|>$/g, '');

// The daily digest by e-mail (docs/notifications.md), read as a mail client reads it (mailparser), from a real SMTP
// server: its content, one send per user and day with two instances, a retry after a refusal, never to an inactive
// user or one who turned it off, and the unsubscribe link that works without logging in.
for (const engine of testEngines()) {
  describe(`daily digest on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    let smtp: LocalSmtp;
    let first: FastifyInstance;
    let second: FastifyInstance;
    const today = toBusinessIsoDate(new Date());
    const mailsTo = async (address: string): Promise<ParsedMail[]> =>
      Promise.all(smtp.messages.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)));

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      smtp = await startLocalSmtp();
      const config = {
        notifications: { ...defaultNotificationsConfig, roundEveryMs: null, smtpUrl: smtp.url, appUrl: APP_URL },
      };
      first = await createTestApp(database.db, config);
      second = await createTestApp(database.db, config);
      const admin = await login(first, 'ADM');
      const status = await call<NeedsSheetStatus>(first, 'POST', '/admin/need-status/store', {
        token: admin,
        fields: { label: 'Nouveau', color: '#2563eb', closes: false, order: 0 },
      });
      assert.equal(status.status, 200, JSON.stringify(status.body));
      const sheet = await call<NeedsSheet>(first, 'POST', '/need/store', {
        token: await login(first, 'COM'),
        fields: sheetFields(fixture, {
          title: 'Chef de projet <SI>',
          skills: [],
          seniority: 'senior',
          deadline: today,
        }),
      });
      assert.equal(sheet.status, 200, JSON.stringify(sheet.body));
      await addTodo(database.db, {
        contact_id: fixture.active.COM,
        task_id: fixture.tasks.mail,
        owner_id: fixture.users.COM,
        deadline: today,
        notes: '<b>Rappeler</b> & relancer',
      });
      // Every hour is past 0 h: the digests are due whenever the test runs; DIB turned theirs off.
      await sql`update app_user set notification_preferences = '{"digestHour": 0}'`.execute(database.db);
      await sql`update app_user set notification_preferences = '{"digestHour": null}' where trigram = 'DIB'`.execute(
        database.db,
      );
    });
    after(async () => {
      await first.close();
      await second.close();
      await smtp.close();
      await database.close();
    });

    it('sends each user’s digest once, whichever of two instances runs the round, and again never that day', async () => {
      const [a, b] = await Promise.all([first.notificationRounds.digests(), second.notificationRounds.digests()]);
      const recipients = smtp.messages.flatMap((message) => message.to).sort();
      assert.equal(a + b, recipients.length);
      assert.deepEqual(recipients, [...new Set(recipients)], 'one message per user');
      // Those with pending todos due by today, active, with the digest on: the fixture gives every user an overdue one.
      assert.deepEqual(recipients, [
        'adm@example.fr',
        'cob@example.fr',
        'com@example.fr',
        'dir@example.fr',
        'rec@example.fr',
      ]);
      assert.deepEqual(await mailsTo('off@example.fr'), [], 'never to an inactive user');
      assert.deepEqual(await mailsTo('dib@example.fr'), [], 'never to one who turned it off');
      assert.equal((await first.notificationRounds.digests()) + (await second.notificationRounds.digests()), 0);
      assert.equal(smtp.messages.length, recipients.length);
    });

    it('tells today’s and overdue todos by contact and the sheets due this week, with links into the app', async () => {
      const [mail] = await mailsTo('com@example.fr');
      assert.ok(mail);
      assert.match(mail.subject ?? '', /^Votre journée du .+ : 1 tâche aujourd’hui, 1 en retard, 1 fiche à échéance$/);
      const text = mail.text ?? '';
      assert.match(text, /^Bonjour Prénom COM,/);
      assert.ok(
        text.includes(`Paul Durand COM (`) && text.includes(`${APP_URL}/liste-contacts?contact=${fixture.active.COM}`),
        text,
      );
      assert.ok(text.includes('  - Relance email, aujourd’hui : <b>Rappeler</b> & relancer'), text);
      assert.ok(text.includes('  - Appel de suivi, en retard, prévue le 10/03/2026'), text);
      assert.match(
        text,
        /Chef de projet <SI>, le \d\d\/\d\d\/\d{4} — https:\/\/bo\.example\.test\/fiches-de-besoin\?sheet=\d+/,
      );
      const html = String(mail.html);
      assert.ok(html.includes('&lt;b&gt;Rappeler&lt;/b&gt; &amp; relancer'), 'the notes are text, not markup');
      assert.ok(!html.includes('<b>Rappeler'));
      const unsubscribe = unsubscribeHeader(mail);
      assert.match(unsubscribe, /^https:\/\/bo\.example\.test\/desabonnement\?jeton=[\w-]+$/);
      assert.ok(text.includes(unsubscribe));
    });

    it('tries again a digest the SMTP server refused, after a few minutes', async () => {
      const tomorrow = new Date(Date.now() + 86_400_000);
      const day = toBusinessIsoDate(tomorrow);
      const before = smtp.messages.length;
      smtp.refuse(true);
      assert.equal(await first.notificationRounds.digests(tomorrow), 0);
      smtp.refuse(false);
      const failed = await database.db.selectFrom('digest_send').selectAll().where('day', '=', day).execute();
      assert.ok(failed.length > 0 && failed.every((row) => row.state === 'failed' && row.attempts === 1));
      assert.equal(await first.notificationRounds.digests(tomorrow), 0, 'not at once');
      await sql`update digest_send set claimed_at = claimed_at - interval '6 minutes' where day = ${day}`.execute(
        database.db,
      );
      assert.equal(await second.notificationRounds.digests(tomorrow), failed.length);
      assert.equal(smtp.messages.length, before + failed.length);
      const sent = await database.db.selectFrom('digest_send').selectAll().where('day', '=', day).execute();
      assert.ok(sent.every((row) => row.state === 'sent' && row.attempts === 2));
    });

    it('turns the digest off from its link, without logging in', async () => {
      const [mail] = await mailsTo('rec@example.fr');
      const token = new URL(unsubscribeHeader(mail)).searchParams.get('jeton');
      assert.ok(token);
      const wrong = await call(first, 'POST', '/digest/unsubscribe', { fields: { token: 'x'.repeat(32) } });
      assert.deepEqual([wrong.status, wrong.body.errors], [404, [{ message: 'modelNotFound', field: 'token' }]]);
      const done = await call(first, 'POST', '/digest/unsubscribe', { fields: { token } });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const rec = await call<{ digestHour: number | null }>(first, 'GET', '/user/notification-preferences', {
        token: await login(first, 'REC'),
      });
      assert.equal(rec.body.data?.digestHour, null);
      const later = new Date(Date.now() + 2 * 86_400_000);
      await first.notificationRounds.digests(later);
      const day = toBusinessIsoDate(later);
      assert.equal(day, addDays(today, 2));
      const recRows = await database.db
        .selectFrom('digest_send')
        .select('state')
        .where('day', '=', day)
        .where('user_id', '=', fixture.users.REC)
        .execute();
      assert.deepEqual(recRows, [], 'REC is due no digest any more');
    });
  });
}
