import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startProduction, type ProductionSystem } from '../../scripts/production/production-system';
import { httpRequest, login } from './bench-client';
import { percentile } from './mixed-load';
import { printTextTable } from './text-table';

// The rolling restart (docs/production.md): two API instances behind nginx, with the production mode's own
// configuration, the mixed day's users reading their todo month and standby lists and adding todos through nginx,
// while each instance in turn gets SIGTERM, exits, starts again and is back in the rotation. Every answer that is not
// the expected one is a failure (the goal is none), and every write answered 2xx must be in the database afterwards.

export type RollingOptions = {
  databaseUrl: string;
  users: number;
  writeShare: number;
  thinkMs: number;
  // nginx's port and the first instance's.
  port: number;
  apiPortBase: number;
  month: { start: number; end: number };
  // Load before the first restart and after the last.
  leadSeconds: number;
};

export type RollingResult = {
  requests: number;
  failures: number;
  failureKinds: Record<string, number>;
  p50: number;
  p99: number;
  windowRequests: number;
  windowP99: number;
  windowSeconds: number;
  writes: number;
  writesLost: number;
  retried: number;
};

type User = { trigram: string; contactId: number; taskId: number; deadline: string; standby: boolean; token: string };
type Sample = { at: number; ms: number; outcome: string; note: string | null; retried: boolean };

// Marks the benchmark's own todos, to find them afterwards and remove them.
const notePrefix = `Relance roulante ${randomBytes(3).toString('hex')}`;

async function loadUsers(client: pg.Client, count: number): Promise<Omit<User, 'token'>[]> {
  // Each user adds todos to the contact of one of their pending todos (one that takes a new todo: not merged, its
  // company active, the task in use), due the day that todo is.
  const { rows } = await client.query<{
    trigram: string;
    contact_id: number;
    task_id: number;
    deadline: string;
    standby: boolean;
  }>(
    `select u.trigram, t.contact_id, t.task_id, to_char(t.deadline, 'YYYY-MM-DD') as deadline,
       (u.is_admin or u.is_business_leader or u.is_business_team) as standby
     from app_user as u
     cross join lateral (
       select t.contact_id, t.task_id, t.deadline from todo as t
       join contact as c on c.id = t.contact_id and c.merged_into_id is null
       left join company as co on co.id = c.company_id
       join task as k on k.id = t.task_id and k.is_active
       where t.owner_id = u.id and t.is_active and not t.is_accomplished and (co.id is null or co.is_active)
       order by t.deadline desc limit 1
     ) as t
     where u.is_active
     order by u.id
     limit $1`,
    [count],
  );
  return rows.map((row) => ({
    trigram: row.trigram,
    contactId: row.contact_id,
    taskId: row.task_id,
    deadline: row.deadline,
    standby: row.standby,
  }));
}

// The users' requests until `running()` says stop: each user waits for its answer, then thinks.
async function load(users: User[], base: string, options: RollingOptions, running: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  let counter = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    users.map(async (user, index) => {
      await sleep((index / users.length) * options.thinkMs);
      while (running()) {
        const roll = Math.random();
        const headers = { authorization: user.token, 'accept-encoding': 'gzip' };
        const at = performance.now();
        let note: string | null = null;
        let outcome: string;
        let retried = false;
        try {
          if (roll < options.writeShare) {
            counter += 1;
            note = `${notePrefix} ${counter}`;
            const form = new FormData();
            form.append('deadline', user.deadline);
            form.append('notes', note);
            // The multipart body and its boundary, as a browser would send them.
            const encoded = new Request(base, { method: 'POST', body: form });
            const url = `${base}/contact/${user.contactId}/task/${user.taskId}/todo/store`;
            const answer = await httpRequest(url, {
              method: 'POST',
              headers: { ...headers, 'content-type': encoded.headers.get('content-type') ?? '' },
              body: Buffer.from(await encoded.arrayBuffer()),
            });
            retried = answer.retried;
            outcome = answer.status === 200 ? 'ok' : `write ${answer.status}`;
          } else {
            const url =
              user.standby && roll < options.writeShare + (1 - options.writeShare) / 2
                ? `${base}/user/contacts/standby`
                : `${base}/todos?onlyPending=1&start=${options.month.start}&end=${options.month.end}`;
            const answer = await httpRequest(url, { headers });
            retried = answer.retried;
            outcome = answer.status === 200 ? 'ok' : `read ${answer.status}`;
          }
        } catch (error) {
          outcome = `${note === null ? 'read' : 'write'} network error (${(error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code ?? String(error)})`;
        }
        samples.push({ at, ms: performance.now() - at, outcome, note, retried });
        await sleep(options.thinkMs);
      }
    }),
  );
  return samples;
}

// Each instance in turn, as an operator restarts them (docs/production.md): out of nginx's rotation, SIGTERM, a new
// process, back in the rotation once it answers.
async function rollingRestart(system: ProductionSystem, log: (line: string) => void): Promise<void> {
  for (const index of system.instances.keys()) {
    const started = performance.now();
    await system.restartInstance(index);
    log(
      `instance ${index + 1}: restarted and back in the rotation in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

export async function rollingLoad(options: RollingOptions, log: (line: string) => void): Promise<RollingResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-bench-rolling-'));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let system: ProductionSystem | null = null;
  try {
    system = await startProduction({
      dataDir,
      deployRoot: path.join(dataDir, 'deploy'),
      deployBuilds: false,
      databaseUrl: options.databaseUrl,
      instances: 2,
      apiPortBase: options.apiPortBase,
      port: options.port,
      tls: null,
      quiet: true,
    });
    const base = `${system.url}/api`;
    const users: User[] = [];
    for (const user of await loadUsers(client, options.users))
      users.push({ ...user, token: await login(base, user.trigram, system.publicKey) });
    // Warm-up: every user's answers built once on each instance, nothing written.
    const warmUntil = performance.now() + 3000;
    await load(users, base, { ...options, writeShare: 0 }, () => performance.now() < warmUntil);

    let restarting = true;
    let windowStart = 0;
    let windowEnd = 0;
    const running = system;
    const restarts = (async () => {
      await new Promise((resolve) => setTimeout(resolve, options.leadSeconds * 1000));
      windowStart = performance.now();
      await rollingRestart(running, log);
      windowEnd = performance.now();
      await new Promise((resolve) => setTimeout(resolve, options.leadSeconds * 1000));
      restarting = false;
    })();
    const runStart = performance.now();
    const samples = await load(users, base, options, () => restarting);
    await restarts;

    const written = samples.filter((sample) => sample.note !== null && sample.outcome === 'ok').map((s) => s.note);
    const { rows } = await client.query<{ notes: string }>('select notes from todo where notes = any($1::text[])', [
      written,
    ]);
    const found = new Set(rows.map((row) => row.notes));
    await client.query('delete from todo where notes like $1', [`${notePrefix} %`]);

    const failed = samples.filter((sample) => sample.outcome !== 'ok');
    const failureKinds: Record<string, number> = {};
    for (const sample of failed) failureKinds[sample.outcome] = (failureKinds[sample.outcome] ?? 0) + 1;
    const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const inWindow = samples.filter((sample) => sample.at >= windowStart && sample.at <= windowEnd);
    const windowSorted = inWindow.map((sample) => sample.ms).sort((a, b) => a - b);
    log(`${samples.length} requests in ${((performance.now() - runStart) / 1000).toFixed(0)} s`);
    return {
      requests: samples.length,
      failures: failed.length,
      failureKinds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      windowRequests: inWindow.length,
      windowP99: percentile(windowSorted, 99),
      windowSeconds: (windowEnd - windowStart) / 1000,
      writes: written.length,
      writesLost: written.filter((note) => !found.has(note as string)).length,
      retried: samples.filter((sample) => sample.retried).length,
    };
  } finally {
    await system?.stop();
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRolling(result: RollingResult): void {
  printTextTable(
    'Rolling restart, PostgreSQL, two instances behind nginx',
    ['requests', 'failed', 'p50 ms', 'p99 ms', 'p99 ms while restarting', 'writes answered 2xx', 'writes lost'],
    [
      [
        String(result.requests),
        String(result.failures),
        result.p50.toFixed(1),
        result.p99.toFixed(1),
        `${result.windowP99.toFixed(1)} (${result.windowRequests} requests, ${result.windowSeconds.toFixed(0)} s)`,
        String(result.writes),
        String(result.writesLost),
      ],
    ],
  );
  for (const [kind, count] of Object.entries(result.failureKinds)) console.log(`  failed: ${count} × ${kind}`);
  console.log(
    `  sent again on a new connection (a kept-alive one closed by nginx's reload before any answer, as a browser does): ${result.retried}`,
  );
  console.log(
    `  goals: 0 failures (${result.failures === 0 ? 'met' : 'missed'}), 0 writes lost (${result.writesLost === 0 ? 'met' : 'missed'})`,
  );
}
