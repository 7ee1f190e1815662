import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { maintenanceDbTimeouts } from '../src/config';
import { createPgPool, kyselyOnPool } from '../src/db/engine';
import { httpGet, login } from './bench-client';
import { cpuSnapshot, processesMs } from './cpu-time';
import { addDayUsers, removeDayUsers } from './seed-large';

// A realistic day on two API instances sharing one PostgreSQL: every user reads their todo month and their
// standby lists and now and then saves a todo, through whichever instance the load balancer picks. Each user
// is one client that waits for its answer, then thinks a moment before the next request. The baseline, in the
// same run: the same users reading only (nothing ever changes, every answer could come from memory).
// The load curve: the same day with each count of users of `curve` (the same think time), the users beyond the
// dataset's added for it (seed-large.ts, addDayUsers) and taken away after.

export type MixedOptions = {
  bases: string[];
  // The instances' processes, for their CPU time.
  apiPids: number[];
  databaseUrl: string;
  // The day measured beside its reads-only baseline (one of the curve's counts).
  users: number;
  curve: number[];
  writeShare: number;
  thinkMs: number;
  durationSeconds: number;
  baselineSeconds: number;
  month: { start: number; end: number };
};

// hits: the reads answered from the API's answer cache (x-cache: hit), null for writes.
export type MixedRow = {
  phase: string;
  kind: string;
  count: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  hits: number | null;
};

// One count of users of the curve. meantRps: what users waiting for each answer then thinking thinkMs send at the
// answers' mean time (users × 1000 / (think + mean)); sentRps: what they sent. A load generator short of CPU sends
// less than meant (its timers fire late): its row is not the server's. Where the time went meanwhile: the cores
// busy in the two instances' processes, in their connections' database processes, in the generator, and in the
// whole machine (others' work included, on a shared one); the instances' connections busy in the database
// (of 10 per instance's pool: all busy, the next request waits for one), and those waiting for a lock or for IO,
// sampled every 100 ms (pg_stat_activity); the generator's event-loop delay.
export type CurvePoint = {
  users: number;
  meantRps: number;
  sentRps: number;
  reads: { p50: number; p99: number };
  writes: { p50: number; p99: number };
  failures: number;
  cores: { api: number; db: number; generator: number; machine: number } | null;
  connections: { busyMean: number; busyMax: number; fullShare: number; lockMean: number; ioMean: number };
  generatorLagP99: number;
};
export type MixedResult = { rows: MixedRow[]; curve: CurvePoint[] };

type User = { trigram: string; todoId: number; deadline: string; standby: boolean; token: string };

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function loadUsers(databaseUrl: string, count: number): Promise<Omit<User, 'token'>[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Each user with a pending todo of their own to save (the latest deadline: in or near the visible month).
    const { rows } = await client.query<{ trigram: string; todo_id: number; deadline: string; standby: boolean }>(
      `select u.trigram, t.id as todo_id, to_char(t.deadline, 'YYYY-MM-DD') as deadline,
         (u.is_admin or u.is_business_leader or u.is_business_team) as standby
       from app_user as u
       cross join lateral (
         select id, deadline from todo where owner_id = u.id and is_active and not is_accomplished order by deadline desc limit 1
       ) as t
       where u.is_active
       order by u.id
       limit $1`,
      [count],
    );
    return rows.map((row) => ({
      trigram: row.trigram,
      todoId: row.todo_id,
      deadline: row.deadline,
      standby: row.standby,
    }));
  } finally {
    await client.end();
  }
}

type Sample = { kind: 'read /todos' | 'read standby' | 'write'; ms: number; ok: boolean; hit: boolean };

async function run(users: User[], options: MixedOptions, seconds: number, writeShare: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  let counter = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    users.map(async (user, index) => {
      // Users start spread over one think time, as they would.
      await sleep((index / users.length) * options.thinkMs);
      while (performance.now() < until) {
        counter += 1;
        const base = options.bases[Math.floor(Math.random() * options.bases.length)];
        const roll = Math.random();
        const headers = { authorization: user.token, 'accept-encoding': 'gzip' };
        const started = performance.now();
        let kind: Sample['kind'];
        let answer: { status: number; cache: string | null };
        if (roll < writeShare) {
          kind = 'write';
          const form = new FormData();
          form.append('deadline', user.deadline);
          form.append('notes', `Relance ${counter}`);
          const response = await fetch(`${base}/todo/${user.todoId}/store`, { method: 'POST', headers, body: form });
          await response.arrayBuffer();
          answer = { status: response.status, cache: null };
        } else if (user.standby && roll < writeShare + (1 - writeShare) / 2) {
          kind = 'read standby';
          answer = await httpGet(`${base}/user/contacts/standby`, headers);
        } else {
          kind = 'read /todos';
          answer = await httpGet(
            `${base}/todos?onlyPending=1&start=${options.month.start}&end=${options.month.end}`,
            headers,
          );
        }
        samples.push({ kind, ms: performance.now() - started, ok: answer.status === 200, hit: answer.cache === 'hit' });
        await sleep(options.thinkMs);
      }
    }),
  );
  return samples;
}

function summarize(phase: string, samples: Sample[], seconds: number): MixedRow[] {
  const kinds = ['read /todos', 'read standby', 'write'] as const;
  const rows: MixedRow[] = [];
  const groups: [string, Sample[]][] = [
    ['all reads', samples.filter((sample) => sample.kind !== 'write')],
    ...kinds.map((kind): [string, Sample[]] => [kind, samples.filter((sample) => sample.kind === kind)]),
  ];
  for (const [kind, group] of groups) {
    if (group.length === 0) continue;
    const sorted = group.map((sample) => sample.ms).sort((a, b) => a - b);
    rows.push({
      phase,
      kind,
      count: group.length,
      rps: group.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failures: group.filter((sample) => !sample.ok).length,
      hits: kind === 'write' ? null : group.filter((sample) => sample.hit).length,
    });
  }
  return rows;
}

type Activity = CurvePoint['connections'];

// Samples the database's connections every 100 ms until `stop` is called (its own connection left out).
function sampleConnections(databaseUrl: string, poolSize: number): { stop: () => Promise<Activity> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const samples: { busy: number; lock: number; io: number }[] = [];
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ busy: number; lock: number; io: number }>(
        `select count(*) filter (where state <> 'idle')::int as busy,
           count(*) filter (where wait_event_type = 'Lock')::int as lock,
           count(*) filter (where wait_event_type = 'IO')::int as io
         from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples.push(rows[0]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.end();
  })();
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    stop: async () => {
      running = false;
      await done;
      return {
        busyMean: mean(samples.map((sample) => sample.busy)),
        busyMax: Math.max(0, ...samples.map((sample) => sample.busy)),
        fullShare: samples.filter((sample) => sample.busy >= poolSize).length / Math.max(1, samples.length),
        lockMean: mean(samples.map((sample) => sample.lock)),
        ioMean: mean(samples.map((sample) => sample.io)),
      };
    },
  };
}

// The database processes serving the instances' connections (their pools keep them open).
async function connectionPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

// Each instance's pool (db/engine.ts).
const POOL_SIZE = 10;

async function measurePoint(users: User[], options: MixedOptions): Promise<{ samples: Sample[]; point: CurvePoint }> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const dbPids = await connectionPids(options.databaseUrl);
  const sampler = sampleConnections(options.databaseUrl, POOL_SIZE * options.bases.length);
  const before = cpuSnapshot();
  const apiBefore = processesMs(options.apiPids);
  const dbBefore = processesMs(dbPids);
  lag.enable();
  const samples = await run(users, options, options.durationSeconds, options.writeShare);
  lag.disable();
  const after = cpuSnapshot();
  const apiMs = processesMs(options.apiPids) - apiBefore;
  // With the connections opened during the run, all of their time.
  const dbMs = processesMs([...new Set([...dbPids, ...(await connectionPids(options.databaseUrl))])]) - dbBefore;
  const connections = await sampler.stop();
  const seconds = options.durationSeconds;
  const of = (kind: 'reads' | 'writes') => {
    const sorted = samples
      .filter((sample) => (sample.kind === 'write') === (kind === 'writes'))
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const meanMs = samples.reduce((sum, sample) => sum + sample.ms, 0) / Math.max(1, samples.length);
  const toCores = (ms: number) => ms / (seconds * 1000);
  const cores =
    before === null || after === null
      ? null
      : {
          api: toCores(apiMs),
          db: toCores(dbMs),
          generator: toCores(after.generatorMs - before.generatorMs),
          machine: toCores(after.busyMs - before.busyMs),
        };
  return {
    samples,
    point: {
      users: users.length,
      meantRps: (users.length * 1000) / (options.thinkMs + meanMs),
      sentRps: samples.length / seconds,
      reads: of('reads'),
      writes: of('writes'),
      failures: samples.filter((sample) => !sample.ok).length,
      cores,
      connections,
      generatorLagP99: lag.percentile(99) / 1e6,
    },
  };
}

export async function mixedLoad(options: MixedOptions): Promise<MixedResult> {
  const counts = [...new Set([...options.curve, options.users])].sort((a, b) => a - b);
  const maintenance = kyselyOnPool(createPgPool(options.databaseUrl, 1, maintenanceDbTimeouts));
  const added: number[] = [];
  const users: User[] = [];
  const rows: MixedRow[] = [];
  const curve: CurvePoint[] = [];
  try {
    for (const count of counts) {
      let found = await loadUsers(options.databaseUrl, count);
      if (found.length < count) {
        added.push(...(await addDayUsers(maintenance, added.length, count - found.length)));
        found = await loadUsers(options.databaseUrl, count);
      }
      for (const user of found.slice(users.length))
        users.push({ ...user, token: await login(options.bases[users.length % options.bases.length], user.trigram) });
      const day = users.slice(0, count);
      // Warm-up: every user's answers built once on each instance.
      await run(day, options, 3, 0);
      if (count === options.users) {
        const baseline = await run(day, options, options.baselineSeconds, 0);
        rows.push(...summarize('reads only (baseline)', baseline, options.baselineSeconds));
      }
      const { samples, point } = await measurePoint(day, options);
      if (count === options.users) rows.push(...summarize('mixed', samples, options.durationSeconds));
      curve.push(point);
    }
  } finally {
    await removeDayUsers(maintenance, added);
    await maintenance.destroy();
  }
  return { rows, curve };
}
