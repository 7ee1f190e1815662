import { PassThrough } from 'node:stream';
import { endpoints, type LiveChange, type LiveEndReason } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import type { LiveStream } from '../../live/hub';
import { authOf } from '../../plugins/app/auth';
import type { UserRow } from '../../db/database';
import { toActor } from '../../repositories/users';

// Past this much written and not yet taken by the client, the stream ends: the browser resumes on a new one.
const MAX_BUFFERED_BYTES = 1024 * 1024;

// GET /events (docs/live-changes.md): the changes the caller may see, as Server-Sent Events, from the moment it
// opens, or from Last-Event-ID when it resumes. It ends when the session ends or the token expires (checked at each
// heartbeat), and when the instance stops.
export async function liveRoutes(app: FastifyInstance) {
  registerEndpoint(app, endpoints.events, async (request, reply) => {
    const { live } = app;
    const auth = authOf(request);
    const { tab } = request.query;
    let actor = auth.actor;
    const out = new PassThrough();
    const write = (text: string) => {
      if (out.writableEnded) return;
      out.write(text);
      if (out.writableLength > MAX_BUFFERED_BYTES) end(null);
    };
    const event = (name: string, id: string | null, data: unknown) =>
      write(`${id === null ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    const stream: LiveStream = {
      userId: auth.user.id,
      actor: () => actor,
      change: (notice) => event('change', notice.id, notice.change satisfies LiveChange),
      reset: () => event('reset', null, {}),
      presence: (presence) => event('presence', null, presence),
    };
    if (!live.hub.add(stream)) throw new AppError('notAllowed', { status: 429 });

    const timers: ReturnType<typeof setTimeout>[] = [];
    let stopListening = () => {};
    let stopBeating = () => {};
    // reason null: the connection is gone, or the client reads too slowly; nothing more to say.
    function end(reason: LiveEndReason | null) {
      if (out.writableEnded) return;
      live.hub.remove(stream);
      for (const timer of timers) clearTimeout(timer);
      stopListening();
      stopBeating();
      if (reason !== null) event('end', null, { reason });
      out.end();
      // The tab's panel is no longer shown here (a tab that goes on says so again on its next stream).
      if (tab !== undefined)
        void live
          .announce({ tab, userId: auth.user.id, name: userName(auth.user), record: null })
          .catch(() => undefined);
    }
    stopListening = live.onEndAll(() => end('stopping'));
    request.raw.on('close', () => end(null));
    timers.push(setTimeout(() => end('expired'), Math.max(0, auth.token.exp * 1000 - Date.now())));
    stopBeating = live.onHeartbeat({
      token: auth.token,
      ping: () => write(': ping\n\n'),
      judged: (state) => {
        if (!state.ok) end('session');
        else actor = toActor(state.user);
      },
    });

    // A resume: what this user missed since the last change their browser got, or, when that cannot be known, a reset.
    const lastEventId = request.headers['last-event-id'];
    if (typeof lastEventId === 'string' && lastEventId !== '') {
      const missed = live.hub.since(lastEventId, actor);
      if (missed === null) stream.reset();
      else for (const notice of missed) stream.change(notice);
    }
    event('ready', live.hub.latestId(), {});
    for (const presence of live.presence.all()) stream.presence(presence);

    reply.header('content-type', 'text/event-stream; charset=utf-8');
    reply.header('cache-control', 'no-store');
    // nginx passes each event on as it comes, instead of holding the answer in its buffer (docs/production.md).
    reply.header('x-accel-buffering', 'no');
    return reply.send(out);
  });

  registerEndpoint(app, endpoints.setPresence, async (request) => {
    const { user } = authOf(request);
    const { tab, record } = request.body;
    await app.live.announce({ tab, userId: user.id, name: userName(user), record: record ?? null });
    return null;
  });
}

const userName = (user: UserRow) => `${user.first_name} ${user.last_name}`;
