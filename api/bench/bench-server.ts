import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, maintenanceDbTimeouts } from '../src/config';
import { openDatabase } from '../src/db/engine';
import { migrateToLatest } from '../src/db/migrate';
import { benchScale, scaledLarge, seedLarge, settleDatabase } from './seed-large';
import { seedLargeNeedsSheets, settleNeedsSheets } from './seed-large-needs';

// A child process of api-bench.ts, so that the load generator and the server do not share an event loop.
// BENCH_MODE=app: seeds the large dataset (BENCH_SCALE of it) and serves the real API, adding the needs sheets when
// asked; BENCH_MODE=ceiling: a bare Fastify answering the payloads in BENCH_PAYLOADS (a JSON file:
// path -> body) from memory, as they are.
const send = (message: unknown) => process.send?.(message);
const log = (line: string) => send({ log: line });

async function serveApp(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
  const dataDir = process.env.BENCH_DATA_DIR ?? null;
  // Seeded through connections without the time limits of requests, then served with them.
  const setup = databaseUrl === null ? null : await openDatabase({ databaseUrl, dataDir, db: maintenanceDbTimeouts });
  const database = await openDatabase({ databaseUrl, dataDir });
  const setupDb = setup?.db ?? database.db;
  await migrateToLatest(setupDb);
  // A second instance on the same database (the mixed scenario) finds it seeded.
  if (process.env.BENCH_SKIP_SEED !== '1') {
    const started = Date.now();
    await seedLarge(setupDb, scaledLarge(benchScale()), { log });
    await settleDatabase(setupDb);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await setup?.close();
  // The live scenario opens hundreds of streams as one user on one instance.
  const streams = process.env.LIVE_STREAMS_PER_USER;
  const config = {
    ...loadConfig(streams === undefined ? {} : { LIVE_STREAMS_PER_USER: streams }),
    databaseUrl,
    dataDir,
  };
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address !== null ? address.port : 0 });
  // { seedNeeds: count }: the needs sheets, added when the scenario that reads them comes (the scenarios before it
  // measure the dataset without them), through a connection without the time limits of requests.
  process.on('message', (message: { seedNeeds?: number }) => {
    if (message.seedNeeds === undefined) return;
    const count = message.seedNeeds;
    void (async () => {
      const started = Date.now();
      const maintenance =
        databaseUrl === null ? null : await openDatabase({ databaseUrl, dataDir, db: maintenanceDbTimeouts });
      try {
        const db = maintenance?.db ?? database.db;
        const created = await seedLargeNeedsSheets(db, count, { log });
        if (created > 0) await settleNeedsSheets(db);
        send({ needsSeeded: created, seconds: (Date.now() - started) / 1000 });
      } finally {
        await maintenance?.close();
      }
    })().catch((error: unknown) => send({ failed: String(error) }));
  });
  process.once('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

async function serveCeiling(): Promise<void> {
  const payloads = JSON.parse(readFileSync(process.env.BENCH_PAYLOADS ?? '', 'utf8')) as Record<string, string>;
  const app = Fastify();
  // The very bytes the API answered, already encoded: the cost of HTTP and the transfer alone.
  for (const [path, text] of Object.entries(payloads)) {
    const body = Buffer.from(text);
    app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address !== null ? address.port : 0 });
  process.once('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
}

(process.env.BENCH_MODE === 'ceiling' ? serveCeiling() : serveApp()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
