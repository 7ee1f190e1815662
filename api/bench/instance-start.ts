import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { apiCommand } from '../src/node-flags';
import { createBenchDatabase } from './bench-database';
import { percentile } from './list-load';
import { printTextTable } from './text-table';

// A fresh API instance as `npm start` and production start it (the compiled server, the flags of
// api/src/node-flags.ts), on a PostgreSQL database already up and migrated: the time from its start to /ready
// answering 200, and its memory once ready (resident, and its private part: what a second instance on the same host
// adds, the executable's pages being shared). The baseline, in the same runs, taking turns: a bare Node.js process
// answering /ready over node:http, started the same way, the least any Node.js server costs.

export type StartSample = { readyMs: number; rssMb: number; privateMb: number };
export type StartResult = { runs: number; app: StartSample[]; bare: StartSample[] };

const bareServer =
  "require('node:http').createServer((q, s) => s.end('{\"data\":\"ready\"}')).listen(Number(process.env.API_PORT), '127.0.0.1')";

function memory(pid: number): { rssMb: number; privateMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, privateMb: kb('RssAnon') / 1024 };
}

// One GET on a connection of its own: true when it answered 200.
function answers200(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/ready', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
    });
    request.on('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
}

async function startOnce(args: string[], env: Record<string, string>, port: number): Promise<StartSample> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, API_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the instance exited with code ${child.exitCode}: ${errors}`);
      if (await answers200(port)) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - startedAt;
    // Read once the start's last work (its first answers, timers set at start) is over.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { readyMs, ...memory(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}

export async function instanceStart(options: { serverUrl: URL; runs: number; port: number }): Promise<StartResult> {
  const database = await createBenchDatabase(options.serverUrl, 'bo_bench_start');
  const env = { DATABASE_URL: database.url, NODE_ENV: 'production' };
  try {
    // The first start migrates the database and seeds the demo data; the measured ones find it ready.
    await startOnce(apiCommand('main'), env, options.port);
    const result: StartResult = { runs: options.runs, app: [], bare: [] };
    for (let run = 0; run < options.runs; run++) {
      result.bare.push(await startOnce(['-e', bareServer], env, options.port));
      result.app.push(await startOnce(apiCommand('main'), env, options.port));
    }
    return result;
  } finally {
    await database.drop();
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export function printInstanceStart(result: StartResult, goals: { readyMs: number; rssMegabytes: number }): void {
  const summary = (samples: StartSample[]) => ({
    readyMs: median(samples.map((sample) => sample.readyMs)),
    rssMb: median(samples.map((sample) => sample.rssMb)),
    privateMb: median(samples.map((sample) => sample.privateMb)),
    readyRange: `${Math.min(...samples.map((s) => s.readyMs)).toFixed(0)}–${Math.max(...samples.map((s) => s.readyMs)).toFixed(0)}`,
    rssRange: `${Math.min(...samples.map((s) => s.rssMb)).toFixed(0)}–${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)}`,
  });
  const app = summary(result.app);
  const bare = summary(result.bare);
  const line = (name: string, figures: ReturnType<typeof summary>, ratio: string) => [
    name,
    `${figures.readyMs.toFixed(0)} (${figures.readyRange})`,
    `${figures.rssMb.toFixed(1)} (${figures.rssRange})`,
    figures.privateMb.toFixed(1),
    ratio,
  ];
  printTextTable(
    `A fresh instance, PostgreSQL, median of ${result.runs} starts (min–max)`,
    ['process', 'start to /ready ms', 'resident MB', 'private MB', 'ratio to bare Node.js (ready, resident)'],
    [
      line(
        'API instance (compiled)',
        app,
        `${(app.readyMs / bare.readyMs).toFixed(1)}, ${(app.rssMb / bare.rssMb).toFixed(2)}`,
      ),
      line('  baseline: bare Node.js', bare, ''),
    ],
  );
  const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'missed');
  console.log(
    `  ready ${app.readyMs.toFixed(0)} ms (goal < ${goals.readyMs}, ${verdict(app.readyMs, goals.readyMs)}); ` +
      `resident ${app.rssMb.toFixed(1)} MB (goal <= ${goals.rssMegabytes}, ${verdict(app.rssMb, goals.rssMegabytes)})`,
  );
}
