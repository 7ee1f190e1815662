import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { login } from './bench-client';
import { loadCall, timed } from './list-load';
import { latencyCells, latencyHeader, printTextTable } from './text-table';

// The reports of /rapports/* on the large dataset (PostgreSQL): each call for a year, loaded by one connection
// (the latency of one report alone, as a user waits for it), every answer built by the database, beside an
// authenticated GET /user through the same stack (the baseline). Then the gzip weight of the chunks holding the
// reports' charts in the built reports remote: Chart.js, the canvas wrapper and the figures with their tables.

export type ReportRow = {
  call: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  ratio: number | null;
  failures: number;
  detail: string;
};
export type ChartChunk = { file: string; holds: string; bytes: number; gzip: number };

const reportsDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../remotes/reports/dist');
// Strings that survive minification, one per part of the charts (bench/charts-weight.ts weighs the candidates).
const chartMarkers = [
  { holds: 'Chart.js', marker: "can't acquire context from the given item" },
  { holds: 'the canvas wrapper (chart-canvas.tsx)', marker: 'ChartCanvas:' },
  { holds: "the figures and their tables (charts.tsx, with the pages' shared code)", marker: 'bo-chart__legend' },
];

// The chunks of the built reports remote that hold the charts (built first when it is not).
export function chartChunks(): ChartChunk[] {
  if (!existsSync(path.join(reportsDist, 'mf-manifest.json'))) {
    console.log('  building remotes/reports to weigh its charts');
    execFileSync('npm', ['run', 'build'], { cwd: path.dirname(reportsDist), stdio: 'ignore' });
  }
  const files = readdirSync(reportsDist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  return files.flatMap((file) => {
    const content = readFileSync(path.join(reportsDist, file));
    const part = chartMarkers.find(({ marker }) => content.includes(marker));
    return part ? [{ file, holds: part.holds, bytes: content.byteLength, gzip: gzipSync(content).byteLength }] : [];
  });
}

type Subjects = { contactId: number; contactTodos: number; groupId: number; groupCompanies: number };

// The busiest contact (most todos) and the parent company with the most subsidiaries: the longest stories.
async function subjects(databaseUrl: string): Promise<Subjects> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const contact = await client.query<{ id: number; n: string }>(
      'select contact_id as id, count(*) as n from todo group by 1 order by 2 desc, 1 limit 1',
    );
    const group = await client.query<{ id: number; n: string }>(
      'select parent_id as id, count(*) + 1 as n from company where parent_id is not null group by 1 order by 2 desc, 1 limit 1',
    );
    return {
      contactId: contact.rows[0].id,
      contactTodos: Number(contact.rows[0].n),
      groupId: group.rows[0].id,
      groupCompanies: Number(group.rows[0].n),
    };
  } finally {
    await client.end();
  }
}

export async function reportLoad(options: {
  base: string;
  databaseUrl: string;
  seconds: number;
}): Promise<{ rows: ReportRow[]; charts: ChartChunk[] }> {
  const { base, databaseUrl, seconds } = options;
  const admin = await login(base, 'ADM');
  const leader = await login(base);
  const year = new Date().getFullYear();
  const period = `from=${year}-01-01&to=${year}-12-31`;
  const { contactId, contactTodos, groupId, groupCompanies } = await subjects(databaseUrl);
  const calls = [
    {
      name: `GET /reports/tasks?groupBy=user (${year}, admin)`,
      path: `/reports/tasks?${period}&groupBy=user`,
      token: admin,
    },
    {
      name: `GET /reports/tasks?groupBy=task (${year}, admin)`,
      path: `/reports/tasks?${period}&groupBy=task`,
      token: admin,
    },
    {
      name: `GET /reports/tasks?groupBy=user (${year}, leader)`,
      path: `/reports/tasks?${period}&groupBy=user`,
      token: leader,
    },
    {
      name: `GET /reports/tasks/todos?figure=late (${year}, admin)`,
      path: `/reports/tasks/todos?${period}&figure=late`,
      token: admin,
    },
    { name: `GET /reports/stats (${year}, admin)`, path: `/reports/stats?${period}`, token: admin },
    { name: `GET /reports/stats (${year}, leader)`, path: `/reports/stats?${period}`, token: leader },
    {
      name: `GET /reports/history?contactId (${year})`,
      path: `/reports/history?contactId=${contactId}&${period}`,
      token: leader,
    },
    {
      name: 'GET /reports/history?companyId&subsidiaries=1',
      path: `/reports/history?companyId=${groupId}&subsidiaries=1`,
      token: leader,
    },
    { name: 'GET /reports/directory (first page)', path: '/reports/directory', token: leader },
    { name: 'GET /reports/directory?search=mont', path: '/reports/directory?search=mont', token: leader },
    { name: 'GET /reports/subjects?q=mont', path: '/reports/subjects?q=mont', token: leader },
  ];
  // A warm-up, then the baseline before and after the reports: ratios against their mean.
  await loadCall(`${base}/user`, leader, 1, seconds);
  for (const call of calls) await loadCall(`${base}${call.path}`, call.token, 1, 1);
  const before = await loadCall(`${base}/user`, leader, 1, seconds);
  const measured: ReportRow[] = [];
  for (const call of calls) {
    const probe = await timed(`${base}${call.path}`, call.token);
    if (!probe.ok) throw new Error(`${call.name}: ${probe.body.slice(0, 200)}`);
    const data = (JSON.parse(probe.body) as { data: unknown[] | { items: unknown[]; total: number } }).data;
    const detail = Array.isArray(data) ? `${data.length} rows` : `${data.items.length} of ${data.total}`;
    console.log(`  loading ${call.name} with 1 connection for ${seconds} s (${detail})`);
    measured.push({
      call: call.name,
      ...(await loadCall(`${base}${call.path}`, call.token, 1, seconds)),
      ratio: null,
      detail,
    });
  }
  const after = await loadCall(`${base}/user`, leader, 1, seconds);
  const baselineP95 = (before.p95 + after.p95) / 2;
  const rows: ReportRow[] = [
    { call: 'baseline: GET /user, before', ...before, ratio: null, detail: '' },
    { call: 'baseline: GET /user, after', ...after, ratio: null, detail: '' },
    ...measured.map((row) => ({ ...row, ratio: row.p95 / baselineP95 })),
  ];
  console.log(
    `  subjects: contact ${contactId} (${contactTodos} todos), group of company ${groupId} (${groupCompanies} companies)`,
  );
  return { rows, charts: chartChunks() };
}

export function printReports(
  result: { rows: ReportRow[]; charts: ChartChunk[] },
  goals: { p95: number; stretch: number; groupHistory: number },
): void {
  const header = ['call', ...latencyHeader(false), 'answer'];
  const lines = result.rows.map((row) => [row.call, ...latencyCells(row, false), row.detail]);
  printTextTable(
    'Reports on the large dataset, PostgreSQL, 1 connection, built by the database every time',
    header,
    lines,
  );
  const reports = result.rows.filter((row) => row.ratio !== null);
  const over = (limit: number) => reports.filter((row) => row.p95 >= limit).map((row) => row.call);
  const verdict = (names: string[]) => (names.length === 0 ? 'met by every call' : `missed by ${names.join(', ')}`);
  console.log(`  goal p95 < ${goals.p95} ms: ${verdict(over(goals.p95))}`);
  console.log(`  stretch goal p95 < ${goals.stretch} ms: ${verdict(over(goals.stretch))}`);
  const group = reports.find((row) => row.call.includes('subsidiaries=1'));
  if (group !== undefined) {
    console.log(
      `  group history, first page: p95 ${group.p95.toFixed(0)} ms (goal < ${goals.groupHistory}${group.p95 < goals.groupHistory ? ', met' : ', missed'})`,
    );
  }
  for (const chunk of result.charts) {
    console.log(
      `  charts: remotes/reports/dist/${chunk.file}, ${(chunk.bytes / 1024).toFixed(1)} KB, ${(chunk.gzip / 1024).toFixed(1)} KB gzip: ${chunk.holds}`,
    );
  }
  if (result.charts.length === 0) console.log('  charts: no chunk of remotes/reports/dist holds them');
  console.log("  /agenda's and the login's bytes: npm run bench -- front");
}
