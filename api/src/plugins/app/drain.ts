import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    // True from app.close() on: the instance finishes what is under way and takes nothing new.
    readonly draining: boolean;
  }
}

// The graceful stop of an instance (docs/architecture.md, "Stopping an instance"). From app.close() on, the
// listening socket is closed and the idle connections with it (Node's server.close()); a request under way, or
// one arriving on a connection already open, is answered in full, and its connection closed after the answer,
// so that the client opens its next one on another instance.
export const drainPlugin = fp(
  async (app) => {
    let draining = false;
    app.decorate('draining', { getter: () => draining });
    // Before the listening socket closes (Fastify runs preClose hooks first).
    app.addHook('preClose', async () => {
      draining = true;
      app.log.info('draining: no new connection; the requests under way are answered');
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
    // An answer whose headers went out before the drain began (a stream) leaves its connection open: it is ended
    // once the answer is written whole (end() sends what is still buffered first).
    app.addHook('onResponse', async (request) => {
      if (draining) request.raw.socket.end();
    });
  },
  { name: 'drain' },
);
