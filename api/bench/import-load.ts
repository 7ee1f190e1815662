import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { login } from './bench-client';
import { createBenchDatabase } from './bench-database';
import { percentile, rssMegabytes, timed } from './list-load';
import { printTextTable } from './text-table';

// The CSV import on the large dataset (PostgreSQL), in a database of its own since both scenarios write:
// - ics: the private calendar feed of a user whose feed holds 2 000 todos, timed beside GET /user;
// - import: a CSV of 100 000 contacts (a fifth of them already in the database, by e-mail: updates) checked
//   (dry run) then imported, each timed, with the API process's memory sampled, while another user keeps reading
//   their todo month (GET /todos), whose latency is printed beside the same reads at rest.

type Server = { child: ChildProcess; port: number };
export type Latencies = { label: string; count: number; p50: number; p95: number; p99: number; failures: number };
export type ImportStep = {
  step: string;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  report: string;
  reads: Latencies;
};
export type DataResult = {
  ics: { events: number; kb: number; rows: Latencies[] } | null;
  rows: number;
  megabytes: number;
  rest: Latencies | null;
  steps: ImportStep[];
};

export const ICS_TODOS = 2_000;
export const IMPORT_ROWS = 100_000;
const ICS_USER = 'MAB';

const summary = (label: string, latencies: number[], failures: number): Latencies => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures,
  };
};

// One user reading `url` in a loop, one request after the other, until `done` settles.
async function readWhile(
  url: string,
  token: string,
  done: Promise<unknown>,
): Promise<{ latencies: number[]; failures: number }> {
  let finished = false;
  const finish = () => {
    finished = true;
  };
  done.then(finish, finish);
  const latencies: number[] = [];
  let failures = 0;
  while (!finished) {
    const { ms, ok } = await timed(url, token);
    latencies.push(ms);
    if (!ok) failures += 1;
  }
  return { latencies, failures };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Gives the feed's user pending todos (on their own contacts, in the coming months) until the feed holds ICS_TODOS.
async function prepareFeedUser(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id: number; n: string }>(
    `select u.id, (select count(*) from todo t where t.owner_id = u.id and t.is_active
       and (not t.is_accomplished or t.execution_date >= now() - interval '30 days')) as n
     from app_user u where u.trigram = $1`,
    [ICS_USER],
  );
  const missing = ICS_TODOS - Number(rows[0].n);
  if (missing <= 0) return;
  await client.query(
    `insert into todo (contact_id, task_id, owner_id, deadline, notes, is_accomplished)
     select k.id, (select min(id) from task), $1, current_date + 1 + i % 90, 'Relance ; point, budget' || chr(10) || 'note ' || i, false
     from generate_series(1, $2::int) as i
     join lateral (select id from contact where owner_id = $1 order by id offset (i % 50) limit 1) k on true`,
    [rows[0].id, missing],
  );
}

async function icsLoad(base: string, seconds: number): Promise<NonNullable<DataResult['ics']>> {
  const token = await login(base, ICS_USER);
  const created = await fetch(`${base}/user/calendar-feed`, {
    method: 'POST',
    headers: { authorization: token },
    body: new FormData(),
  });
  if (created.status !== 200) throw new Error(`calendar feed: ${created.status} ${await created.text()}`);
  const { url } = (JSON.parse(await created.text()) as { data: { url: string } }).data;
  const feedPath = new URL(url).pathname;
  const probe = await timed(`${base}${feedPath}`, '');
  if (!probe.ok) throw new Error(`GET ${feedPath}: ${probe.body.slice(0, 200)}`);
  const events = probe.body.split('BEGIN:VEVENT').length - 1;
  const measure = async (label: string, path: string) => {
    const latencies: number[] = [];
    let failures = 0;
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const { ms, ok } = await timed(`${base}${path}`, token);
      latencies.push(ms);
      if (!ok) failures += 1;
    }
    return summary(label, latencies, failures);
  };
  await measure('warm-up', feedPath);
  const baseline = await measure('baseline: GET /user', '/user');
  const feed = await measure(`GET /ical/<token>.ics (${events} events)`, feedPath);
  return { events, kb: Buffer.byteLength(probe.body) / 1024, rows: [baseline, feed] };
}

const csvCell = (value: string | null) =>
  value === null ? '' : /[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

// 100 000 rows as French Excel writes them (';', UTF-8 with BOM): every fifth row an existing contact found by its
// e-mail, with a new job title (an update); the others new contacts of existing companies, named by SIRET (three in
// four) or by name, each with an owner's trigram.
async function importFile(client: pg.Client): Promise<Buffer> {
  const users = (
    await client.query<{ trigram: string }>('select trigram from app_user where is_active order by id')
  ).rows.map((row) => row.trigram);
  const companies = (
    await client.query<{ name: string; registration_id: string }>(
      'select name, registration_id from company where is_active order by id',
    )
  ).rows;
  const existing = (
    await client.query<{
      title: string;
      first_name: string;
      last_name: string;
      job_title: string | null;
      email: string;
      phone: string | null;
      siret: string | null;
      trigram: string;
    }>(
      `select k.title, k.first_name, k.last_name, k.job_title, k.email, k.phone, co.registration_id as siret, u.trigram
       from contact k left join company co on co.id = k.company_id join app_user u on u.id = k.owner_id
       where k.email is not null and (co.id is null or co.is_active) order by k.id limit $1`,
      [IMPORT_ROWS / 5],
    )
  ).rows;
  const titles: Record<string, string> = { mister: 'M.', madam: 'Mme', miss: 'Mlle' };
  const firstNames = ['Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Jules', 'Manon', 'Gabriel', 'Inès', 'Arthur'];
  const lastNames = [
    'Lefèvre',
    'Moreau',
    'Girard',
    'Bonnet',
    'Dupont',
    'Lambert',
    'Fontaine',
    'Rousseau',
    'Vincent',
    'Mercier',
  ];
  const lines = ['Civilité;Nom;Prénom;Fonction;E-mail;Téléphone;Société;Propriétaire'];
  let updates = 0;
  for (let n = 0; n < IMPORT_ROWS; n += 1) {
    let cells: (string | null)[];
    if (n % 5 === 0 && updates < existing.length) {
      const k = existing[updates];
      updates += 1;
      cells = [
        titles[k.title],
        k.last_name,
        k.first_name,
        `${k.job_title ?? 'Acheteur'} (mis à jour)`,
        k.email,
        k.phone,
        k.siret,
        k.trigram,
      ];
    } else {
      const company = companies[(n * 13) % companies.length];
      const first = firstNames[n % firstNames.length];
      const last = `${lastNames[Math.floor(n / 10) % lastNames.length]} ${n}`;
      const phone = String(10_000_000 + n).padStart(8, '0');
      cells = [
        n % 2 === 0 ? 'M.' : 'Mme',
        last,
        first,
        'Responsable des achats',
        `import.${n}@import-bench.fr`,
        `07 ${phone.slice(0, 2)} ${phone.slice(2, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)}`,
        n % 4 === 1 ? company.name : company.registration_id,
        users[n % users.length],
      ];
    }
    lines.push(cells.map(csvCell).join(';'));
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

async function importStep(options: {
  step: string;
  url: string;
  token: string;
  file: Buffer;
  pid: number;
  readUrl: string;
  readToken: string;
}): Promise<ImportStep> {
  const { step, url, token, file, pid, readUrl, readToken } = options;
  const rssBefore = rssMegabytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMegabytes(pid));
  }, 20);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'contacts.csv');
  form.append('onExisting', 'update');
  const started = performance.now();
  const call = fetch(url, { method: 'POST', headers: { authorization: token }, body: form }).then(async (response) => ({
    status: response.status,
    body: await response.text(),
  }));
  const [answer, reads] = await Promise.all([call, readWhile(readUrl, readToken, call)]);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssMegabytes(pid));
  if (answer.status !== 200) throw new Error(`${step}: ${answer.status} ${answer.body.slice(0, 300)}`);
  const data = (
    JSON.parse(answer.body) as { data: { created: number; updated: number; skipped: number; rejected: number } }
  ).data;
  const report = `created ${data.created}, updated ${data.updated}, skipped ${data.skipped}, rejected ${data.rejected}`;
  return {
    step,
    seconds,
    rssBefore,
    rssPeak,
    report,
    reads: summary(`GET /todos during the ${step}`, reads.latencies, reads.failures),
  };
}

// Seeds a database of its own, starts one API on it, runs the selected scenarios (ics before import) and drops it.
export async function dataBench(options: {
  start: (env: Record<string, string>) => Promise<Server>;
  stop: (child: ChildProcess) => Promise<void>;
  serverUrl: URL;
  scenarios: string[];
  todosPath: string;
  seconds: number;
}): Promise<DataResult> {
  const { start, stop, serverUrl, scenarios, todosPath, seconds } = options;
  console.log('\n== postgres, a database of its own for the ics and import scenarios: seeding');
  const database = await createBenchDatabase(serverUrl, 'bo_bench');
  const client = new pg.Client({ connectionString: database.url });
  let app: ChildProcess | null = null;
  try {
    // Seeded by one instance, measured on another: an API instance does not seed 600 000 rows in its own process,
    // and the memory that seeding took would stay with it.
    await stop((await start({ BENCH_DATABASE_URL: database.url, BENCH_MODE: 'app' })).child);
    const started = await start({ BENCH_DATABASE_URL: database.url, BENCH_MODE: 'app', BENCH_SKIP_SEED: '1' });
    app = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    await client.connect();
    const result: DataResult = { ics: null, rows: 0, megabytes: 0, rest: null, steps: [] };
    if (scenarios.includes('ics')) {
      await prepareFeedUser(client);
      console.log(`  ics: the feed of ${ICS_USER} (${ICS_TODOS} todos), ${seconds} s`);
      result.ics = await icsLoad(base, seconds);
    }
    if (!scenarios.includes('import')) return result;
    const file = await importFile(client);
    result.rows = IMPORT_ROWS;
    result.megabytes = file.byteLength / 1024 / 1024;
    const admin = await login(base, 'ADM');
    const reader = await login(base);
    const readUrl = `${base}${todosPath}`;
    console.log(
      `  import: ${IMPORT_ROWS} contacts (${result.megabytes.toFixed(1)} MB); GET /todos by another user at rest for ${seconds} s`,
    );
    await readWhile(readUrl, reader, sleep(1000));
    const rest = await readWhile(readUrl, reader, sleep(seconds * 1000));
    result.rest = summary('GET /todos at rest', rest.latencies, rest.failures);
    for (const [step, path] of [
      ['dry run', '/import/contacts/check'],
      ['import', '/import/contacts'],
    ] as const) {
      console.log(`  ${step}: POST ${path}`);
      result.steps.push(
        await importStep({
          step,
          url: `${base}${path}`,
          token: admin,
          file,
          pid: app.pid as number,
          readUrl,
          readToken: reader,
        }),
      );
    }
    return result;
  } finally {
    await client.end().catch(() => undefined);
    if (app !== null) await stop(app);
    await database.drop();
  }
}

export function printData(
  result: DataResult,
  goals: { icsMs: number; importSeconds: number; rssMegabytes: number },
): void {
  const table = (title: string, rows: Latencies[]) => {
    const header = ['call', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'failed'];
    const lines = rows.map((row) => [
      row.label,
      String(row.count),
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      row.p99.toFixed(1),
      String(row.failures),
    ]);
    printTextTable(title, header, lines);
  };
  if (result.ics !== null) {
    table(`Calendar feed, PostgreSQL, one user's ${ICS_TODOS} todos`, result.ics.rows);
    const feed = result.ics.rows[1];
    console.log(
      `  feed: ${result.ics.events} events, ${result.ics.kb.toFixed(0)} KB; p95 ${feed.p95.toFixed(0)} ms (goal < ${goals.icsMs}${feed.p95 < goals.icsMs ? ', met' : ', missed'})`,
    );
  }
  if (result.rest === null) return;
  console.log(`\nImport of ${result.rows} contacts (${result.megabytes.toFixed(1)} MB of CSV), PostgreSQL`);
  for (const step of result.steps) {
    console.log(
      `  ${step.step}: ${step.seconds.toFixed(1)} s (goal < ${goals.importSeconds} s${step.seconds < goals.importSeconds ? ', met' : ', missed'}); ${step.report}; ` +
        `API RSS ${step.rssBefore.toFixed(0)} MB before, ${step.rssPeak.toFixed(0)} MB at its peak (goal < ${goals.rssMegabytes} MB${step.rssPeak < goals.rssMegabytes ? ', met' : ', missed'})`,
    );
  }
  const rest = result.rest;
  table('Another user reading their todo month (GET /todos, one request after the other)', [
    rest,
    ...result.steps.map((step) => step.reads),
  ]);
  for (const step of result.steps)
    console.log(`  p95 during the ${step.step} / at rest: ${(step.reads.p95 / rest.p95).toFixed(1)}`);
}
