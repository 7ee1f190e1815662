import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import type { Db } from '../../db/database';
import { sql } from 'kysely';
import { createLiveHub, type LiveHub } from '../../live/hub';
import { createPresence, type Presence, type PresenceNotice } from '../../live/presence';
import { listenTo } from '../../live/listen';
import type { TokenPayload } from '../../auth/token';
import { judgeSession, type SessionState } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      hub: LiveHub;
      // Ends every stream (the instance stops): each browser opens its next one on another instance.
      endAll: () => void;
      // Called by each open stream to be ended with the others.
      onEndAll: (end: () => void) => () => void;
      presence: Presence;
      // Tells every instance where a user's tab is (record null: nowhere).
      announce: (notice: PresenceNotice) => Promise<void>;
      // The streams' heartbeat: `ping` at each beat, then `judged` with the session as it is now (one query for all
      // the streams of the instance). Returns the way out.
      onHeartbeat: (beat: Heartbeat) => () => void;
    };
  }
}

export type Heartbeat = { token: TokenPayload; ping: () => void; judged: (state: SessionState) => void };

// How many changes an instance keeps for the streams that resume after a cut (a minute of a busy day's writes).
const KEPT_CHANGES = 2_000;

// The live changes (docs/live-changes.md): this instance listens to the database's notifications of committed
// changes (migration 0036) and hands them to its open streams (routes/live).
export const livePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    const hub = createLiveHub({
      keep: KEPT_CHANGES,
      perUser: app.config.live.streamsPerUser,
      log: (message) => app.log.warn(message),
    });
    const enders = new Set<() => void>();
    const presence = createPresence({ tell: (item) => hub.presence(item) });
    const sweep = setInterval(() => presence.sweep(), 5_000);
    sweep.unref();
    const hearing = listenTo(
      db,
      'bo_presence',
      (payload) => presence.receive(payload),
      () => undefined,
    );
    const listening = listenTo(
      db,
      'bo_live',
      (payload) => hub.receive(payload),
      () => {
        app.log.warn('live: the database connection that listens was lost; the open pages reload what they show');
        hub.gap();
      },
    );
    new Gauge({
      name: 'bo_live_streams',
      help: 'Event streams open on this instance (GET /events, one per open tab)',
      registers: [app.metrics.registry],
      collect() {
        this.set(hub.size());
      },
    });
    // One beat for every stream, and one query for all their sessions: 500 open tabs cost one query per beat, not 500.
    const beats = new Set<Heartbeat>();
    const beat = setInterval(() => {
      if (beats.size === 0) return;
      const now = [...beats];
      for (const one of now) one.ping();
      const pairs = new Map(
        now.map((one) => [`${one.token.sub}:${one.token.sid}`, { userId: one.token.sub, sid: one.token.sid }]),
      );
      app.repos.users.authStates([...pairs.values()]).then(
        (states) => {
          for (const one of now) {
            const found = states.get(`${one.token.sub}:${one.token.sid}`) ?? { user: undefined, session: null };
            if (beats.has(one)) one.judged(judgeSession(one.token, found));
          }
        },
        // The database is unreachable: the streams go on, and the next beat checks again.
        () => undefined,
      );
    }, app.config.live.heartbeatMs);
    beat.unref();
    app.decorate('live', {
      hub,
      endAll: () => {
        for (const end of [...enders]) end();
      },
      onEndAll: (end) => {
        enders.add(end);
        return () => enders.delete(end);
      },
      presence,
      announce: async (notice) => {
        await sql`select pg_notify('bo_presence', ${JSON.stringify(notice)})`.execute(db);
      },
      onHeartbeat: (one) => {
        beats.add(one);
        return () => beats.delete(one);
      },
    });
    // Before the listening socket closes: a stream would otherwise hold its connection, and the stop, open.
    app.addHook('preClose', async () => app.live.endAll());
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      clearInterval(beat);
      await Promise.all([listening.stop(), hearing.stop()]);
    });
  },
  { name: 'live', dependencies: ['repositories', 'metrics'] },
);
