import pg from 'pg';
import { httpGet, login } from './bench-client';

// A realistic day on two API instances sharing one PostgreSQL: every user reads their todo month and their
// standby lists and now and then saves a todo, through whichever instance the load balancer picks. Each user
// is one client that waits for its answer, then thinks a moment before the next request. The baseline, in the
// same run: the same users reading only (nothing ever changes, every answer could come from memory).

export type MixedOptions = {
  bases: string[];
  databaseUrl: string;
  users: number;
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

export async function mixedLoad(options: MixedOptions): Promise<MixedRow[]> {
  const found = await loadUsers(options.databaseUrl, options.users);
  const users: User[] = [];
  for (const [index, user] of found.entries())
    users.push({ ...user, token: await login(options.bases[index % options.bases.length], user.trigram) });
  // Warm-up: every user's answers built once on each instance.
  await run(users, options, 3, 0);
  const baseline = await run(users, options, options.baselineSeconds, 0);
  const mixed = await run(users, options, options.durationSeconds, options.writeShare);
  return [
    ...summarize('reads only (baseline)', baseline, options.baselineSeconds),
    ...summarize('mixed', mixed, options.durationSeconds),
  ];
}
