import { businessHour, DUE_TODOS_HOUR, toBusinessIsoDate } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { digestMail, weekEnd } from '../../notifications/digest-mail';

declare module 'fastify' {
  interface FastifyInstance {
    notificationRounds: {
      // The morning's due todos, once the morning hour has come in Paris (at `now`).
      morning: (now?: Date) => Promise<void>;
      // The digests due at `now`; returns how many were sent.
      digests: (now?: Date) => Promise<number>;
    };
  }
}

// The rounds of notifications (docs/notifications.md), checked every minute by every instance:
// - the morning round: once the morning hour has come in Paris, each user with todos due today or overdue is told,
//   once that day (the database's unique index keeps it to one whichever instance writes first);
// - the digests: each user whose digest hour has come gets the day's e-mail, once (claimed in `digest_send`), tried
//   again a few minutes later when the SMTP server refuses it; a day with nothing to tell sends nothing.
export const notificationRoundsPlugin = fp(
  async (app) => {
    const { roundEveryMs, smtpUrl, mailFrom, appUrl } = app.config.notifications;
    const transport = smtpUrl === null ? null : nodemailer.createTransport(smtpUrl);
    if (transport === null) app.log.info('no SMTP_URL: the daily digests are not sent');
    else if (appUrl === null) app.log.warn('no APP_URL: the daily digests are not sent (their links need it)');
    let morningDoneFor: string | null = null;

    const morning = async (now = new Date()) => {
      const today = toBusinessIsoDate(now);
      if (morningDoneFor === today || businessHour(now) < DUE_TODOS_HOUR) return;
      await app.repos.notifications.tellDueTodos(today);
      morningDoneFor = today;
    };

    const digests = async (now = new Date()): Promise<number> => {
      if (transport === null || appUrl === null) return 0;
      const day = toBusinessIsoDate(now);
      let sent = 0;
      for (const recipient of await app.repos.digests.due(day, businessHour(now))) {
        if (!(await app.repos.digests.claim(recipient.id, day))) continue;
        try {
          const content = await app.repos.digests.content(recipient.id, day, weekEnd(day));
          if (content.todos.length === 0 && content.sheets.length === 0) {
            await app.repos.digests.finish(recipient.id, day, 'empty');
            continue;
          }
          const mail = digestMail({
            recipient,
            day,
            content,
            appUrl,
            unsubscribeToken: await app.repos.digests.unsubscribeToken(recipient.id),
          });
          await transport.sendMail({
            from: mailFrom,
            to: { name: `${recipient.firstName} ${recipient.lastName}`, address: recipient.email },
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>` },
          });
          await app.repos.digests.finish(recipient.id, day, 'sent');
          sent += 1;
        } catch (error) {
          app.log.warn(
            { err: error, userId: recipient.id },
            'a daily digest could not be sent; it will be tried again',
          );
          await app.repos.digests.finish(recipient.id, day, { error: String(error) });
        }
      }
      return sent;
    };

    app.decorate('notificationRounds', { morning, digests });
    if (roundEveryMs === null) return;
    startRounds(app, roundEveryMs);
  },
  { name: 'notification-rounds' },
);

// Every `every` ms, one round after the other, never two at once on this instance.
function startRounds(app: FastifyInstance, every: number) {
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    void (async () => {
      await app.notificationRounds.morning();
      await app.notificationRounds.digests();
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'a notification round failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(check, every);
  timer.unref();
  app.addHook('onReady', async () => check());
  app.addHook('onClose', async () => clearInterval(timer));
}
