import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApi } from '../../scripts/build-api';
import { apiBundle, apiNodeFlags } from '../src/node-flags';
import { login } from './bench-client';
import { createBenchDatabase } from './bench-database';
import { dataBench, printData, type DataResult } from './import-load';
import { listLoad, printLists, type ExportRow, type ListRow } from './list-load';
import { liveLoad, printLive, type LiveResult } from './live-load';
import { mixedLoad, type CurvePoint, type MixedRow } from './mixed-load';
import { needsLoad, printNeeds, searchCalls } from './needs-load';
import { instanceStart, printInstanceStart, type StartResult } from './instance-start';
import { printReports, reportLoad, type ReportRow, type ChartChunk } from './report-load';
import { printRolling, rollingLoad, type RollingResult } from './rolling-load';
import { benchScale, scaledLarge } from './seed-large';
import { fullNeedsSheets } from './seed-large-needs';
import { printTextTable } from './text-table';

// Load test of the two heaviest read calls on the large dataset, on PostgreSQL and PGlite, beside a bare
// Fastify answering the same payloads from memory (the ceiling). Each call is measured twice: answered from the
// API's answer cache, and built by the database every time. Only 127.0.0.1 is ever contacted.
// Each call is loaded with 10 connections (the figures: throughput, and latency that includes queueing)
// and with 1 (latency of one request alone). The ceiling answers the very bytes the API answered.
// Run from the repository root: node --import tsx api/bench/api-bench.ts (or npm run bench -- api)
// Optional: BENCH_ENGINES=postgres,pglite  BENCH_DURATION=10 (seconds)  DATABASE_URL (PostgreSQL server to use).
// The mixed scenario (PostgreSQL only): two instances, BENCH_MIXED_USERS users (50) reading and writing
// (BENCH_MIXED_WRITES, 0.1) for BENCH_MIXED_DURATION seconds (45), BENCH_MIXED_THINK_MS (100) between requests;
// then the same day for each count of users of BENCH_MIXED_CURVE (25,50,100,200), its load curve.
// The live scenario (PostgreSQL): BENCH_LIVE_STREAMS (500) event streams on a second instance, BENCH_LIVE_WRITES (40)
// todo saves through the first; the time to each change on every stream, and the streams' memory and CPU at rest.
// The lists scenario: the companies' and contacts' list calls with BENCH_LIST_CONNECTIONS (10) for
// BENCH_LIST_DURATION seconds (5) each, then the CSV export of every contact.
// The reports scenario (PostgreSQL): each report for a year, BENCH_REPORT_DURATION seconds (5) each. The ics and
// import scenarios (PostgreSQL, a database of their own): the calendar feed of 2 000 todos, and 100 000 contacts
// checked and imported (BENCH_REPORT_DURATION seconds of reads at rest beside).
// The needs scenario (PostgreSQL and PGlite): 50 000 needs sheets added to the dataset when it comes, then
// their ranked full-text search and their list's first page with filters, with the lists' connections and duration.
// BENCH_SCALE (1) seeds that share of the dataset (companies, contacts, todos, needs sheets): a small one to check a
// scenario on a small machine, never for the issues' figures.
// The rolling scenario (PostgreSQL): the mixed day's users (adding todos as their writes) through nginx in front of
// two instances, each restarted in turn (SIGTERM) during the run; nginx on BENCH_ROLLING_PORT (8790), the instances
// on the two ports after it.
// The start scenario (PostgreSQL, a database of its own): a fresh compiled instance's time to /ready and its memory,
// BENCH_START_RUNS (5) starts beside a bare Node.js server's, on BENCH_START_PORT (8780).
// BENCH_API_SCENARIOS=loads,mixed,live,rolling,lists,reports,needs,ics,import,start picks the scenarios (all by default).

type Engine = 'postgres' | 'pglite';
type Row = {
  engine: string;
  call: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  ratio: number | null;
  bytes: number;
  items: string;
  failures: number;
};

// The compiled benchmarks' server (bench-server.ts, compiled when the benchmark starts): the code npm start runs.
const serverScript = apiBundle('bench-server');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connectionCounts = [10, 1];
const goalP99 = 50;
const goalRatio = 0.25;
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((name) => name.trim()) as Engine[];
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const scenarios = (process.env.BENCH_API_SCENARIOS ?? 'loads,mixed,live,rolling,lists,reports,needs,ics,import,start')
  .split(',')
  .map((name) => name.trim());
const mixedSettings = {
  users: Number(process.env.BENCH_MIXED_USERS ?? 50),
  writeShare: Number(process.env.BENCH_MIXED_WRITES ?? 0.1),
  durationSeconds: Number(process.env.BENCH_MIXED_DURATION ?? 45),
  thinkMs: Number(process.env.BENCH_MIXED_THINK_MS ?? 100),
};
const mixedCurve = (process.env.BENCH_MIXED_CURVE ?? '25,50,100,200').split(',').map(Number);
// A curve's row whose users sent less than this share of what they meant to is the load generator's limit.
const sentShareMin = 0.9;
const goalMixedP99 = 100;
const listSettings = {
  connections: Number(process.env.BENCH_LIST_CONNECTIONS ?? 10),
  seconds: Number(process.env.BENCH_LIST_DURATION ?? 5),
};
const goalListP95 = 50;
const goalExportSeconds = 3;
type ListResult = { engine: string; rows: ListRow[]; exports: ExportRow[] };
const goalNeedsP95 = 50;
const needsResults: { engine: string; sheets: number; rows: ListRow[] }[] = [];
const searchResults: { engine: string; sheets: number; rows: ListRow[] }[] = [];
const scale = benchScale();
const largeScale = scaledLarge(scale);
const reportSeconds = Number(process.env.BENCH_REPORT_DURATION ?? 5);
const reportGoals = { p95: 300, stretch: 100, groupHistory: 100 };
const dataGoals = { icsMs: 100, importSeconds: 30, rssMegabytes: 300 };
// These run in a database of their own (they write): the engines' seeded databases are not needed for them alone.
const ownDatabaseScenarios = ['ics', 'import', 'start'];
const startSettings = {
  runs: Number(process.env.BENCH_START_RUNS ?? 5),
  port: Number(process.env.BENCH_START_PORT ?? 8780),
};
const startGoals = { readyMs: 1000, rssMegabytes: 100 };
const reportResults: { rows: ReportRow[]; charts: ChartChunk[] }[] = [];
const rollingResults: RollingResult[] = [];
const liveSettings = {
  streams: Number(process.env.BENCH_LIVE_STREAMS ?? 500),
  writes: Number(process.env.BENCH_LIVE_WRITES ?? 40),
};
const liveGoals = { p95Ms: 1000, megabytes: 50, cpuPercent: 2 };
const liveResults: LiveResult[] = [];
const rollingPort = Number(process.env.BENCH_ROLLING_PORT ?? 8790);

// BENCH_CPU_PROFILE_DIR: each API instance writes a CPU profile there when it stops (to see where a request's time goes).
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
const serverExecArgv = [
  ...apiNodeFlags,
  ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
];

function start(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(serverScript, [], {
    execArgv: serverExecArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: { port?: number; log?: string }) => {
      if (message.log !== undefined) console.log(`  ${message.log}`);
      if (message.port !== undefined) resolve({ child, port: message.port });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
  });
}

// Asks an API instance to add the needs sheets to its database (bench-server.ts); resolves once they are there.
function seedNeedsSheets(child: ChildProcess, count: number): Promise<{ created: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { needsSeeded?: number; seconds?: number; failed?: string }) => {
      if (message.needsSeeded === undefined && message.failed === undefined) return;
      child.off('message', onMessage);
      if (message.failed !== undefined) reject(new Error(`seeding the needs sheets failed: ${message.failed}`));
      else resolve({ created: message.needsSeeded ?? 0, seconds: message.seconds ?? 0 });
    };
    child.on('message', onMessage);
    child.send({ seedNeeds: count });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.disconnect();
  });
}

// The calendar's month: from the first to the last day of the current month (Unix seconds).
function monthWindow(): { start: number; end: number } {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000;
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0) / 1000;
  return { start, end };
}

async function load(url: string, headers: Record<string, string>, connections: number) {
  // A short warm-up, then the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function benchEngine(
  engine: Engine,
  rows: Row[],
  mixedRows: MixedRow[],
  curve: CurvePoint[],
  listResults: ListResult[],
): Promise<void> {
  console.log(
    `\n== ${engine}: seeding ${largeScale.todos} todos, ${largeScale.contacts} contacts, ${largeScale.companies} companies` +
      (scale === 1 ? '' : ` (BENCH_SCALE=${scale}: not the issues' figures)`),
  );
  const env: Record<string, string> = {};
  let cleanup: () => Promise<void>;
  if (engine === 'postgres') {
    const database = await createBenchDatabase(serverUrl, 'bo_bench');
    env.BENCH_DATABASE_URL = database.url;
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'bo-bench-pglite-'));
    env.BENCH_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const work = mkdtempSync(path.join(tmpdir(), 'bo-bench-'));
  let app: ChildProcess | null = null;
  let second: ChildProcess | null = null;
  let ceiling: ChildProcess | null = null;
  try {
    const started = await start({ ...env, BENCH_MODE: 'app' });
    app = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    if (engine === 'postgres' && scenarios.includes('mixed')) {
      const other = await start({ ...env, BENCH_MODE: 'app', BENCH_SKIP_SEED: '1' });
      second = other.child;
      console.log(
        `  mixed load on two instances: ${mixedSettings.users} users, ${mixedSettings.writeShare * 100} % writes, ` +
          `${mixedSettings.thinkMs} ms between requests, ${mixedSettings.durationSeconds} s; then ${mixedCurve.join(', ')} users`,
      );
      const mixed = await mixedLoad({
        ...mixedSettings,
        curve: mixedCurve,
        bases: [base, `http://127.0.0.1:${other.port}`],
        apiPids: [app.pid as number, other.child.pid as number],
        databaseUrl: env.BENCH_DATABASE_URL,
        baselineSeconds: Math.min(15, mixedSettings.durationSeconds),
        month: monthWindow(),
      });
      mixedRows.push(...mixed.rows);
      curve.push(...mixed.curve);
      await stop(second);
      second = null;
    }
    if (engine === 'postgres' && scenarios.includes('live')) {
      const reader = await start({ ...env, BENCH_MODE: 'app', BENCH_SKIP_SEED: '1', LIVE_STREAMS_PER_USER: '1000' });
      second = reader.child;
      console.log(`  live changes: ${liveSettings.streams} streams on a second instance`);
      liveResults.push(
        await liveLoad({
          ...liveSettings,
          writer: base,
          reader: `http://127.0.0.1:${reader.port}`,
          readerPid: reader.child.pid as number,
        }),
      );
      await stop(second);
      second = null;
    }
    if (engine === 'postgres' && scenarios.includes('rolling')) {
      console.log(
        `  rolling restart behind nginx: ${mixedSettings.users} users, ${mixedSettings.writeShare * 100} % writes`,
      );
      rollingResults.push(
        await rollingLoad(
          {
            ...mixedSettings,
            databaseUrl: env.BENCH_DATABASE_URL,
            port: rollingPort,
            apiPortBase: rollingPort + 1,
            month: monthWindow(),
            leadSeconds: 5,
          },
          (line) => console.log(`  ${line}`),
        ),
      );
    }
    if (scenarios.includes('lists')) {
      const listToken = await login(base);
      listResults.push({
        engine,
        ...(await listLoad({ base, token: listToken, pid: app.pid as number, ...listSettings })),
      });
    }
    if (engine === 'postgres' && scenarios.includes('reports')) {
      reportResults.push(await reportLoad({ base, databaseUrl: env.BENCH_DATABASE_URL, seconds: reportSeconds }));
    }
    if (scenarios.includes('needs')) {
      const count = Math.round(fullNeedsSheets * scale);
      console.log(`  adding ${count} needs sheets`);
      const { created, seconds } = await seedNeedsSheets(app, count);
      console.log(`  ${created} needs sheets added in ${seconds.toFixed(1)} s`);
      const rows = await needsLoad({ base, token: await login(base), ...listSettings });
      needsResults.push({ engine, sheets: count, rows });
      // The search box, on the same dataset (its sheets included).
      const found = await needsLoad({ base, token: await login(base), ...listSettings, calls: searchCalls });
      searchResults.push({ engine, sheets: count, rows: found });
    }
    if (!scenarios.includes('loads')) return;
    const token = await login(base);
    const { start: from, end: to } = monthWindow();
    const calls = [
      {
        name: 'GET /todos?onlyPending=1 (month)',
        path: `/todos?onlyPending=1&start=${from}&end=${to}`,
        route: '/todos',
      },
      { name: 'GET /user/contacts/standby', path: '/user/contacts/standby', route: '/user/contacts/standby' },
    ];
    const payloads: Record<string, string> = {};
    const sizes: Record<string, { bytes: number; items: string }> = {};
    for (const call of calls) {
      const response = await fetch(`${base}${call.path}`, { headers: { authorization: token } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${body.slice(0, 200)}`);
      payloads[call.route] = body;
      const data = (JSON.parse(body) as { data: unknown }).data;
      const items = Array.isArray(data)
        ? `${data.length} todos`
        : Object.entries(data as Record<string, unknown[]>)
            .map(([key, list]) => `${key} ${list.length}`)
            .join(', ');
      sizes[call.name] = { bytes: Buffer.byteLength(body), items };
    }
    const payloadFile = path.join(work, 'payloads.json');
    writeFileSync(payloadFile, JSON.stringify(payloads));
    const ceilingServer = await start({ BENCH_MODE: 'ceiling', BENCH_PAYLOADS: payloadFile });
    ceiling = ceilingServer.child;

    for (const call of calls) {
      const bare = await (await fetch(`http://127.0.0.1:${ceilingServer.port}${call.route}`)).text();
      if (bare !== payloads[call.route])
        throw new Error(`${call.name}: the ceiling does not answer the same bytes as the API`);
    }

    // Served from the answer cache (the data unchanged since the last request, as between two writes), and
    // built anew on every request (Cache-Control: no-cache): the standby lists by the database, the month from its
    // owners' pieces (freshness/owner-pieces.ts), each checked current against the versions read with it.
    const modes: { label: string; headers: Record<string, string>; expect: string }[] = [
      { label: 'cached', headers: { authorization: token }, expect: 'hit' },
      {
        label: 'answer cache bypassed',
        headers: { authorization: token, 'cache-control': 'no-cache' },
        expect: 'bypass',
      },
    ];
    for (const call of calls) {
      for (const mode of modes) {
        const seen = (await fetch(`${base}${call.path}`, { headers: mode.headers })).headers.get('x-cache');
        if (seen !== mode.expect)
          throw new Error(`${call.name} (${mode.label}): x-cache is ${seen}, not ${mode.expect}`);
      }
    }

    for (const connections of connectionCounts) {
      for (const call of calls) {
        console.log(
          `  loading ${call.name} with ${connections} connection(s) for ${duration} s (${sizes[call.name].items}, ${(sizes[call.name].bytes / 1024).toFixed(0)} KB)`,
        );
        const bare = await load(`http://127.0.0.1:${ceilingServer.port}${call.route}`, {}, connections);
        for (const mode of modes) {
          const real = await load(`${base}${call.path}`, mode.headers, connections);
          rows.push({
            engine,
            call: `${call.name}, ${mode.label}`,
            connections,
            ...real,
            ratio: real.rps / bare.rps,
            ...sizes[call.name],
          });
        }
        rows.push({
          engine,
          call: `  ceiling (bare Fastify, same bytes)`,
          connections,
          ...bare,
          ratio: null,
          ...sizes[call.name],
        });
      }
    }
  } finally {
    if (ceiling !== null) await stop(ceiling);
    if (second !== null) await stop(second);
    if (app !== null) await stop(app);
    rmSync(work, { recursive: true, force: true });
    await cleanup();
  }
}

function printTable(rows: Row[]): void {
  const header = ['engine', 'call', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'ratio to ceiling', 'payload', 'failed'];
  const lines = rows.map((row) => [
    row.engine,
    row.call,
    String(row.connections),
    row.rps.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    row.ratio === null ? '' : row.ratio.toFixed(2),
    `${(row.bytes / 1024).toFixed(0)} KB`,
    String(row.failures),
  ]);
  printTextTable(null, header, lines);
  console.log(
    `\n${duration} s per run after a 2 s warm-up. Goal: p99 < ${goalP99} ms on PostgreSQL with 10 connections, and a ratio >= ${goalRatio}.`,
  );
  // The ceiling answers from memory: when even it misses the p99 goal at this payload size and concurrency, the
  // goal is out of reach for any implementation on this machine, and the 1-connection rows show the latency
  // without queueing.
  for (const row of rows) {
    if (row.ratio === null || row.connections !== connectionCounts[0]) continue;
    const ceiling = rows.slice(rows.indexOf(row)).find((next) => next.ratio === null);
    if (ceiling === undefined) continue;
    const verdict = [
      `p99 ${row.p99.toFixed(0)} ms (goal < ${goalP99}; the ceiling itself: ${ceiling.p99.toFixed(0)} ms${ceiling.p99 >= goalP99 ? ', already above the goal' : ''})`,
      `ratio ${row.ratio.toFixed(2)} (goal >= ${goalRatio}${row.ratio >= goalRatio ? ', met' : ', missed'})`,
    ];
    console.log(`  ${row.engine} ${row.call.trim()}: ${verdict.join('; ')}`);
  }
}

// Seeds, loads and prints the table; npm run bench runs it as 'api'.
export async function apiBench(): Promise<void> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(serverUrl.hostname)) {
    throw new Error(`The benchmark only runs against a local PostgreSQL; DATABASE_URL points at ${serverUrl.hostname}`);
  }
  await buildApi();
  const rows: Row[] = [];
  const mixedRows: MixedRow[] = [];
  const curve: CurvePoint[] = [];
  const listResults: ListResult[] = [];
  if (!scenarios.every((name) => ownDatabaseScenarios.includes(name))) {
    for (const engine of engines) await benchEngine(engine, rows, mixedRows, curve, listResults);
  }
  let data: DataResult | null = null;
  let fresh: StartResult | null = null;
  if (engines.includes('postgres') && scenarios.includes('start')) {
    console.log(`\n== a fresh instance: ${startSettings.runs} starts, beside a bare Node.js server`);
    fresh = await instanceStart({ serverUrl, ...startSettings });
  }
  if (engines.includes('postgres') && scenarios.some((name) => ['ics', 'import'].includes(name))) {
    const { start: from, end: to } = monthWindow();
    data = await dataBench({
      start,
      stop,
      serverUrl,
      scenarios,
      todosPath: `/todos?onlyPending=1&start=${from}&end=${to}`,
      seconds: reportSeconds,
    });
  }
  if (rows.length > 0) printTable(rows);
  if (mixedRows.length > 0) printMixed(mixedRows);
  if (curve.length > 0) printCurve(curve);
  for (const result of rollingResults) printRolling(result);
  for (const result of liveResults) printLive(result, liveGoals);
  for (const result of listResults)
    printLists(result.engine, listSettings.connections, result, goalListP95, goalExportSeconds);
  for (const result of reportResults) printReports(result, reportGoals);
  for (const result of needsResults) printNeeds(result, listSettings.connections, goalNeedsP95);
  for (const result of searchResults)
    printNeeds(result, listSettings.connections, goalNeedsP95, 'The search box on the large dataset');
  if (data !== null) printData(data, dataGoals);
  if (fresh !== null) printInstanceStart(fresh, startGoals);
}

function printMixed(rows: MixedRow[]): void {
  const header = [
    'phase',
    'requests',
    'count',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99 / baseline',
    'from the cache',
    'failed',
  ];
  const baselineOf = (kind: string) => rows.find((row) => row.phase.startsWith('reads only') && row.kind === kind);
  const lines = rows.map((row) => {
    const baseline = baselineOf(row.kind === 'write' ? 'all reads' : row.kind);
    return [
      row.phase,
      row.kind,
      String(row.count),
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      baseline === undefined || row.phase.startsWith('reads only') ? '' : (row.p99 / baseline.p99).toFixed(2),
      row.hits === null ? '' : `${((100 * row.hits) / Math.max(1, row.count)).toFixed(0)} %`,
      String(row.failures),
    ];
  });
  printTextTable('Mixed load, PostgreSQL, two instances', header, lines);
  for (const kind of ['all reads', 'write']) {
    const row = rows.find((candidate) => candidate.phase === 'mixed' && candidate.kind === kind);
    if (row !== undefined)
      console.log(
        `  mixed ${kind}: p99 ${row.p99.toFixed(0)} ms (goal < ${goalMixedP99}${row.p99 < goalMixedP99 ? ', met' : ', missed'})`,
      );
  }
}

// The knee: the most users with both p99 under the goal, on a row where the users sent what they meant to.
function printCurve(points: CurvePoint[]): void {
  const header = [
    'users',
    'meant req/s',
    'sent req/s',
    'reads p50 ms',
    'reads p99 ms',
    'writes p50 ms',
    'writes p99 ms',
    'failed',
    'cores API / db / generator / machine',
    'db connections busy (mean, max)',
    'all busy',
    'waiting: lock / IO',
    'generator lag p99 ms',
  ];
  const lines = points.map((point) => [
    String(point.users),
    point.meantRps.toFixed(0),
    point.sentRps.toFixed(0),
    point.reads.p50.toFixed(1),
    point.reads.p99.toFixed(1),
    point.writes.p50.toFixed(1),
    point.writes.p99.toFixed(1),
    String(point.failures),
    point.cores === null
      ? ''
      : [point.cores.api, point.cores.db, point.cores.generator, point.cores.machine]
          .map((cores) => cores.toFixed(2))
          .join(' / '),
    `${point.connections.busyMean.toFixed(1)}, ${point.connections.busyMax}`,
    `${(100 * point.connections.fullShare).toFixed(0)} %`,
    `${point.connections.lockMean.toFixed(2)} / ${point.connections.ioMean.toFixed(2)}`,
    point.generatorLagP99.toFixed(0),
  ]);
  printTextTable(
    `Load curve, PostgreSQL, two instances: ${mixedSettings.writeShare * 100} % writes, ${mixedSettings.thinkMs} ms between requests, ${mixedSettings.durationSeconds} s per count`,
    header,
    lines,
  );
  const sentEnough = (point: CurvePoint) => point.sentRps >= sentShareMin * point.meantRps;
  for (const point of points.filter((candidate) => !sentEnough(candidate)))
    console.log(
      `  ${point.users} users sent less than ${sentShareMin * 100} % of what they meant to: the load generator's limit, not the server's`,
    );
  const knee = points.filter(
    (point) => sentEnough(point) && point.reads.p99 < goalMixedP99 && point.writes.p99 < goalMixedP99,
  );
  console.log(
    knee.length === 0
      ? `  knee: none (no count with reads and writes p99 < ${goalMixedP99} ms)`
      : `  knee: ${knee[knee.length - 1].users} users (the most with reads and writes p99 < ${goalMixedP99} ms)`,
  );
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await apiBench();
