import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { icsCalendar } from '../../calendar/ics';
import { AppError } from '../../errors';
import { appOrigin, publicApiUrl } from '../../http/public-address';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

export async function calendarFeedRoutes(app: FastifyInstance) {
  const { repos, config } = app;
  registerEndpoint(app, endpoints.calendarFeed, async (request) => repos.calendarFeed.state(authOf(request).user.id));

  registerEndpoint(app, endpoints.createCalendarFeed, async (request) => {
    const token = await repos.calendarFeed.renew(authOf(request).user.id);
    // The feed's URL is given to a calendar client: where the caller reached the API.
    return { url: `${publicApiUrl(request, config)}/ical/${token}.ics` };
  });

  registerEndpoint(app, endpoints.deleteCalendarFeed, async (request) => {
    await repos.calendarFeed.remove(authOf(request).user.id);
    return null;
  });

  // A wrong or revoked token answers exactly as an unknown path does: it tells nothing.
  registerEndpoint(app, endpoints.calendarFile, async (request, reply) => {
    const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.file)?.[1];
    const owner = token === undefined ? undefined : await repos.calendarFeed.owner(token);
    if (owner === undefined) throw new AppError('unknownCommand');
    const todos = await repos.calendarFeed.todos(owner.id);
    // Each event links back to the agenda, on the front end's origin.
    const agenda = `${appOrigin(request, config)}/agenda`;
    const body = icsCalendar(
      `Agenda ${owner.trigram}`,
      todos.map((todo) => ({
        uid: `todo-${todo.id}@back-office`,
        date: todo.deadline,
        summary: `${todo.isAccomplished ? '✓ ' : ''}${todo.task} — ${todo.contact}`,
        description: [todo.notes, todo.company, todo.phone].filter((part) => part !== null && part !== '').join('\n'),
        url: `${agenda}?todo=${todo.id}`,
        done: todo.isAccomplished,
        sequence: todo.version,
        lastModified: todo.lastModified,
      })),
      new Date(),
    );
    // The feed holds personal data and is read through a secret address: no cache, shared or the client's, keeps it.
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline; filename="agenda.ics"')
      .send(body);
  });
}
