import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { MetricsConfig } from '../../config';
import { AppError } from '../../errors';

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    // The metrics' own server while the app is ready (null: no METRICS_PORT).
    metricsServer: Server | null;
  }
}

// Compared through their digests: the same length whatever was sent, and in constant time.
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameToken = (sent: string, token: string) => timingSafeEqual(digest(sent), digest(token));

// The metrics are not public (docs/configuration.md). On a port of their own, bound to an interface only the
// monitoring reaches; and/or on the API's port to a caller sending the token: 401 unauthorized without it, 403
// forbidden with another. Without either setting, /metrics is an unknown path like any other.
export const metricsEndpointPlugin = fp<{ metrics: MetricsConfig }>(
  async (app, { metrics }) => {
    const { registry } = app.metrics;
    const { token } = metrics;

    if (token !== null) {
      app.get(METRICS_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
        const sent = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (sent === undefined) throw new AppError('unauthorized');
        if (!sameToken(sent, token)) throw new AppError('forbidden');
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }

    app.decorate('metricsServer', null);
    if (metrics.port === null) return;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== METRICS_PATH) return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('GET only\n');
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be read');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
        },
      );
    });
    // Opened with the app (a port already taken stops the start), closed with it.
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(metrics.port ?? 0, metrics.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.metricsServer = server;
      app.log.info(`metrics on http://${metrics.host}:${(server.address() as AddressInfo).port}${METRICS_PATH}`);
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics-endpoint', dependencies: ['metrics'] },
);
