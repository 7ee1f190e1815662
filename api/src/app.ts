import { newRequestId, REQUEST_ID_HEADER, requestIdPattern } from '@bo/contracts/all';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { answerClientError } from './http/client-errors';
import { requestLimits } from './limits';
import { answerCachePlugin } from './plugins/app/answer-cache';
import { authPlugin } from './plugins/app/auth';
import { drainPlugin } from './plugins/app/drain';
import { errorsPlugin } from './plugins/app/errors';
import { healthPlugin } from './plugins/app/health';
import { metricsPlugin } from './plugins/app/metrics';
import { metricsEndpointPlugin } from './plugins/app/metrics-endpoint';
import { trackRoutes } from './plugins/app/known-routes';
import { livePlugin } from './plugins/app/live';
import { repositoriesPlugin } from './plugins/app/repositories';
import { inputChecksPlugin, wireProtocolPlugin } from './plugins/app/wire-protocol';
import { corsPlugin } from './plugins/external/cors';
import { multipartPlugin } from './plugins/external/multipart';
import { openApiPlugin } from './plugins/external/openapi';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { adminRoutes } from './routes/admin';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { companyRoutes } from './routes/companies';
import { contactTodoRoutes } from './routes/contact-todos';
import { contactRoutes } from './routes/contacts';
import { importRoutes } from './routes/import';
import { liveRoutes } from './routes/live';
import { notificationRoundsPlugin } from './plugins/app/notification-rounds';
import { needsSheetModelRoutes } from './routes/needs-sheet-models';
import { needsSheetStatusRoutes } from './routes/needs-sheet-statuses';
import { needsSheetRoutes } from './routes/needs-sheets';
import { notificationRoutes } from './routes/notifications';
import { searchRoutes } from './routes/search';
import { phraseRoutes } from './routes/phrases';
import { reportRoutes } from './routes/reports';
import { taskTypeRoutes } from './routes/task-types';
import { teamRoutes } from './routes/team';
import { todoRoutes } from './routes/todos';
import { userRoutes } from './routes/user';

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
};

// Fastify loads its default JSON-schema compilers (Ajv and fast-json-stringify) when an instance is given no
// factories of its own: a tenth of an instance's start and of its memory, for compilers no route uses. Setting the
// Zod compilers (below) replaces these factories, so they are never called.
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
const compilersAreZod = (): never => {
  throw new Error('every route is compiled by the Zod compilers set on the instance');
};
const noDefaultCompilers: CompilersFactory = { buildValidator: compilersAreZod, buildSerializer: compilersAreZod };

// The nearest `hops` proxies are believed, whatever their address.
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({ config, db, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // The caller's id when it sends one (the browser does, and shows it with an error), so that a 500 reported by a
    // user can be found in the logs of whichever instance; otherwise one of 60 random bits, unique across them.
    genReqId: (request) => {
      const sent = request.headers[REQUEST_ID_HEADER];
      return typeof sent === 'string' && requestIdPattern.test(sent) ? sent : newRequestId(12);
    },
    bodyLimit: requestLimits.bodyBytes,
    // A request must arrive whole within the time (a slow or stalled sender is answered 408 and cut off). Node
    // enforces it only when given at the server's creation with headers due no later (60 s at most, its default),
    // and checks the connections at an interval: a quarter of that time here (30 s by default).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
    // Behind a reverse proxy, request.ip is the client's address from X-Forwarded-For (login limits use it).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // While the instance stops, a request arriving on a connection already open is answered, not refused with a
    // 503 (plugins/app/drain.ts closes the connection after it).
    return503OnClosing: false,
    schemaController: { compilersFactory: noDefaultCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  // Zod schemas of @bo/contracts validate the input of every route, and its output when asked to (tests).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.checkResponses ? serializerCompiler : () => (data) => JSON.stringify(data));

  // The time the API spent on the request, from its first byte parsed to its answer handed to the socket (a
  // streamed answer: to its first byte), for the browser's network panel and the benchmarks' server-side figures.
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  // First, before any route exists: remember every route so that 405 can be told from 404.
  const knownRoutes = trackRoutes(app);
  // Then the measures, so that every answer is timed, refusals and unknown paths included.
  const { metrics } = config;
  await app.register(metricsPlugin, { db, processMetrics: metrics.port !== null || metrics.token !== null });
  // Then the drain, whose hooks apply to every answer.
  await app.register(drainPlugin);

  // 1. External plugins. Security headers and CORS come first so that they apply to every answer, errors and
  // preflights included (CORS answers a preflight before the auth hook could refuse it); multipart must
  // parse bodies before validation; swagger must be registered before the routes it describes.
  await app.register(securityHeadersPlugin);
  // Before CORS, which answers preflights itself: a plain OPTIONS gets the envelope.
  await app.register(wireProtocolPlugin, { knownRoutes });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(multipartPlugin);
  await app.register(inputChecksPlugin);
  await app.register(openApiPlugin, { plainLogin: config.docsPlainLogin });

  // 2. App plugins. Repositories first: the error handler reads the config, and the auth hook reads users and
  // sessions (and the token secret kept in the database) through them.
  await app.register(repositoriesPlugin, { config, db });
  await app.register(errorsPlugin, { knownRoutes });
  await app.register(authPlugin);
  await app.register(answerCachePlugin);
  await app.register(healthPlugin, { db });
  await app.register(metricsEndpointPlugin, { metrics });
  await app.register(livePlugin, { db });
  await app.register(notificationRoundsPlugin);

  // 3. Routes, last: they rely on everything above (decorators, the auth hook, the error handler).
  await app.register(userRoutes);
  await app.register(companyRoutes);
  await app.register(contactRoutes);
  await app.register(contactTodoRoutes);
  await app.register(importRoutes);
  await app.register(taskTypeRoutes);
  await app.register(phraseRoutes);
  await app.register(teamRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(adminRoutes);
  await app.register(reportRoutes);
  await app.register(todoRoutes);
  await app.register(needsSheetRoutes);
  await app.register(needsSheetModelRoutes);
  await app.register(needsSheetStatusRoutes);
  await app.register(liveRoutes);
  await app.register(notificationRoutes);
  await app.register(searchRoutes);

  return app;
}
