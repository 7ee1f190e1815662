import { businessHour, DUE_TODOS_HOUR, toBusinessIsoDate } from '@bo/contracts/all';
import fp from 'fastify-plugin';

// The morning round (docs/notifications.md): once the morning hour has come in Paris, each user with todos due today
// or overdue is told, once that day. Every instance checks now and then; the database's unique index keeps it to one
// notification per user and day whichever instance writes first, and an instance that has done today's round waits
// for tomorrow's.
export const morningRoundPlugin = fp(
  async (app) => {
    const every = app.config.notifications.roundEveryMs;
    if (every === null) return;
    let doneFor: string | null = null;
    let running = false;
    const check = () => {
      const now = new Date();
      const today = toBusinessIsoDate(now);
      if (running || doneFor === today || businessHour(now) < DUE_TODOS_HOUR) return;
      running = true;
      app.repos.notifications
        .tellDueTodos(today)
        .then(() => {
          doneFor = today;
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'the morning round of due todos failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(check, every);
    timer.unref();
    app.addHook('onReady', async () => check());
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'morning-round' },
);
