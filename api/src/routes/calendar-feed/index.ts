import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { icsCalendar } from '../../calendar/ics';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

// Where the API is reached from the caller's side (the feed's URL is given to a calendar client).
const apiOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function calendarFeedRoutes(app: FastifyInstance) {
  const { repos, config } = app;
  // Each event links back to the agenda, in the first front-end origin the API serves.
  const appOrigin = config.corsOrigins[0] ?? '';

  registerEndpoint(app, endpoints.calendarFeed, async (request) => repos.calendarFeed.state(authOf(request).user.id));

  registerEndpoint(app, endpoints.createCalendarFeed, async (request) => {
    const token = await repos.calendarFeed.renew(authOf(request).user.id);
    return { url: `${apiOrigin(request)}/ical/${token}.ics` };
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
    const body = icsCalendar(
      `Agenda ${owner.trigram}`,
      todos.map((todo) => ({
        uid: `todo-${todo.id}@back-office`,
        date: todo.deadline,
        summary: `${todo.isAccomplished ? '✓ ' : ''}${todo.task} — ${todo.contact}`,
        description: [todo.notes, todo.company, todo.phone].filter((part) => part !== null && part !== '').join('\n'),
        url: `${appOrigin}/agenda?todo=${todo.id}`,
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
