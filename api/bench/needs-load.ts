import type { NeedsSheetSearchItem } from '@bo/contracts/all';
import { loadCall, type ListRow } from './list-load';
import { latencyCells, latencyHeader, printTextTable } from './text-table';

// The needs sheets on the large dataset with its needs sheets: the ranked full-text search and the list's
// first page with filters, each loaded by a number of connections and each answer timed on its own (p95, as the
// issue states its goal), beside an authenticated GET /user through the same stack measured in the same run (the
// baseline), as the lists scenario does. Every answer is built by the database: these calls do not go through the
// API's answer cache, and loadCall sends Cache-Control: no-cache all the same (checked below: no x-cache: hit).

export type NeedsCall = { name: string; path: string };

const search = (q: string, filters = '') => `/needs/search?q=${encodeURIComponent(q)}${filters}`;

export const needsCalls: NeedsCall[] = [
  { name: 'GET /needs/search?q=développeur java', path: search('développeur java') },
  { name: 'GET /needs/search?q=développeur java&open=1', path: search('développeur java', '&open=1') },
  // A frequent word: thousands of sheets ranked for one page.
  { name: 'GET /needs/search?q=données', path: search('données') },
  { name: 'GET /needs?scope=all (first page)', path: '/needs?scope=all' },
  {
    name: 'GET /needs?scope=all&open=1&priority=high&sort=deadline',
    path: '/needs?scope=all&open=1&priority=high&sort=deadline&order=asc',
  },
  { name: 'GET /needs?scope=team', path: '/needs?scope=team' },
];

// The search box of every page (docs/search.md) on the same dataset: two letters, a name, a town, a word of a sheet's
// title, a reference's start, a SIRET's digits.
const globalSearch = (q: string) => `/search?q=${encodeURIComponent(q)}`;
export const searchCalls: NeedsCall[] = ['ma', 'mar', 'martin', 'lyon', 'développeur', 'BES-20', '7328'].map((q) => ({
  name: `GET /search?q=${q}`,
  path: globalSearch(q),
}));

type Page = { items: unknown[]; total: number };

// One answer of the call, as the load will get them: what it holds, and a check that it is what the scenario measures.
async function probe(base: string, call: NeedsCall, token: string): Promise<string> {
  const response = await fetch(`${base}${call.path}`, {
    headers: { authorization: token, 'cache-control': 'no-cache' },
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${body.slice(0, 200)}`);
  if (response.headers.get('x-cache') === 'hit') throw new Error(`${call.name}: answered from the answer cache`);
  if (call.path.startsWith('/search?')) {
    const hits = (JSON.parse(body) as { data: Array<{ kind: string }> }).data;
    const kinds = [...new Set(hits.map((hit) => hit.kind))];
    return `${hits.length} results (${kinds.join(', ') || 'none'})`;
  }
  const page = (JSON.parse(body) as { data: Page }).data;
  if (!call.path.startsWith('/needs/search')) return `${page.total} rows`;
  const items = page.items as NeedsSheetSearchItem[];
  if (items.length === 0) throw new Error(`${call.name}: nothing found; are the needs sheets seeded?`);
  if (items.some((item, i) => i > 0 && item.rank > items[i - 1].rank))
    throw new Error(`${call.name}: not in rank order`);
  const marked = items.filter((item) => item.highlights.some((snippet) => snippet.includes('<mark>'))).length;
  return `${page.total} rows, ${marked}/${items.length} with snippets`;
}

export async function needsLoad(options: {
  base: string;
  token: string;
  connections: number;
  seconds: number;
  calls?: NeedsCall[];
}): Promise<ListRow[]> {
  const { base, token, connections, seconds, calls = needsCalls } = options;
  // A warm-up first (the sheets were just added), then the baseline before and after: ratios against their mean.
  await loadCall(`${base}/user`, token, connections, seconds);
  for (const call of calls) await loadCall(`${base}${call.path}`, token, connections, 1);
  const before = await loadCall(`${base}/user`, token, connections, seconds);
  const measured: ListRow[] = [];
  for (const call of calls) {
    const detail = await probe(base, call, token);
    console.log(`  loading ${call.name} with ${connections} connection(s) for ${seconds} s (${detail})`);
    measured.push({
      call: call.name,
      ...(await loadCall(`${base}${call.path}`, token, connections, seconds)),
      ratio: null,
      detail,
    });
  }
  const after = await loadCall(`${base}/user`, token, connections, seconds);
  const baselineP95 = (before.p95 + after.p95) / 2;
  return [
    { call: 'baseline: GET /user, before', ...before, ratio: null, detail: '' },
    { call: 'baseline: GET /user, after', ...after, ratio: null, detail: '' },
    ...measured.map((row) => ({ ...row, ratio: row.p95 / baselineP95 })),
  ];
}

// The goal (p95 < goalP95 ms server side: the API's own time, from its Server-Timing header) is set on PostgreSQL;
// PGlite's rows are there to compare. The caller's p95 is printed beside it.
export function printNeeds(
  result: { engine: string; sheets: number; rows: ListRow[] },
  connections: number,
  goalP95: number,
  title = 'Needs sheets on the large dataset',
): void {
  const onPostgres = result.engine === 'postgres';
  const over = (row: ListRow) => (row.serverP95 ?? Infinity) >= goalP95;
  const header = ['call', ...latencyHeader(true), `server p95 < ${goalP95} ms`, 'answer'];
  const verdict = (row: ListRow) => (row.ratio === null ? '' : !over(row) ? 'met' : onPostgres ? 'NOT met' : 'over');
  const lines = result.rows.map((row) => [row.call, ...latencyCells(row, true), verdict(row), row.detail]);
  printTextTable(
    `${title} (${result.sheets} sheets), ${result.engine}, ${connections} connections, built by the database every time`,
    header,
    lines,
  );
  const missed = result.rows.filter((row) => row.ratio !== null && over(row)).map((row) => row.call);
  if (onPostgres) {
    console.log(
      `  goal p95 < ${goalP95} ms server side on PostgreSQL: ${missed.length === 0 ? 'met by every call' : `NOT met by ${missed.join(', ')}`}`,
    );
  } else {
    console.log(
      `  (the goal p95 < ${goalP95} ms server side is PostgreSQL's; here ${missed.length === 0 ? 'every call is under it' : `over it: ${missed.join(', ')}`})`,
    );
  }
}
