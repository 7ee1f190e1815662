import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, maintenanceDbTimeouts, type AppConfig } from './config';
import { openDatabase } from './db/engine';
import { migrateToLatest } from './db/migrate';
import { isDatabaseEmpty, seedDemo } from './db/seed';
import { STOP_DEADLINE_MS } from './stop-deadline';

async function start(config: AppConfig): Promise<void> {
  if (config.databaseUrl === null && config.dataDir !== null) mkdirSync(config.dataDir, { recursive: true });
  // On PostgreSQL, migrations and the demo seed run on connections of their own, without the time limits of
  // requests (a migration may take long, or wait for another instance's).
  const maintenance = config.databaseUrl === null ? null : await openDatabase({ ...config, db: maintenanceDbTimeouts });
  const database = await openDatabase(config);
  const setupDb = maintenance?.db ?? database.db;
  await migrateToLatest(setupDb);
  if (await isDatabaseEmpty(setupDb)) {
    const summary = await seedDemo(setupDb, { passwordHashing: config.passwordHashing });
    console.log(`Demo data created: ${summary.users.join(', ')} (password ${summary.password}).`);
  }
  await maintenance?.close();
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: config.debug ? 'debug' : 'info' },
  });
  // A graceful stop (docs/architecture.md, "Stopping an instance"): /health and /ready answer 503 "stopping" at
  // once, the listening socket closes, the requests under way are answered in full, then the database pool closes
  // and the process exits 0. Past the deadline it exits 1 anyway, so that a stuck request or connection never
  // keeps a stopped server alive.
  // Once: Ctrl-C reaches every process of `npm start`, whose own stop then sends SIGTERM too.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, draining`);
    const deadline = setTimeout(() => {
      app.log.warn(`still draining after ${STOP_DEADLINE_MS} ms: exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error(error, 'the stop failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`API on ${database.engine === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}, docs at /docs`);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`${error.message}\nFix the environment variables above and start again.`);
    process.exit(1);
  }
  throw error;
}

start(config).catch((error: unknown) => {
  console.error('The API could not start:', error);
  process.exit(1);
});
