// Search in the lists, as a user types it, on the large dataset (20 000 companies, 100 000 contacts, 500 000
// todos) in PostgreSQL: from the last key typed in the search box to the matching rows shown, in Chromium, against
// the built app. Baseline, in the same run: the API call the list makes for the same search, from Node (the
// server's part of that time). Uses only localhost; stops by itself.
// Optional: DATABASE_URL (the local PostgreSQL server to create the database on), BENCH_SEARCH_RUNS (searches with
// matches per list, 20 by default: a p95 of 12 would be the slowest one), BENCH_AGAINST (below).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SEARCH_DELAY_MS } from '@bo/contracts/all';
import type { Browser, Page } from 'playwright-core';
import { createBenchDatabase } from '../api/bench/bench-database';
import { BENCH_LEADER, seedLarge, settleDatabase } from '../api/bench/seed-large';
import { maintenanceDbTimeouts } from '../api/src/config';
import { openDatabase } from '../api/src/db/engine';
import { migrateToLatest } from '../api/src/db/migrate';
import { launchBrowser, login } from '../e2e/src/harness';
import { startSystem } from '../scripts/system';
import { benchPort } from './ports';

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 20);
const GOAL_P95_MS = 300;
const GOAL_SEARCH_BOX_P95_MS = 200;
const ports = { shell: benchPort(3940), remoteBase: benchPort(3941), api: benchPort(4940) } as const;
const otherPorts = { shell: benchPort(3970), remoteBase: benchPort(3971), api: benchPort(4970) } as const;
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

// What a user looks for: parts of names, cities, sectors. Each run types one, after clearing the box.
const terms = [
  'mont',
  'lyon',
  'garnier',
  'indus',
  'bois',
  'nantes',
  'martin',
  'conseil',
  'rouge',
  'lille',
  'petit',
  'bord',
];

type ListPageSpec = { name: string; path: string; heading: string; api: string };
const lists: ListPageSpec[] = [
  { name: '/liste-societes', path: '/liste-societes', heading: 'Sociétés', api: '/companies' },
  {
    name: '/liste-contacts (tous)',
    path: '/liste-contacts?scope=all',
    heading: 'Contacts',
    api: '/contacts?scope=all',
  },
];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * q + 0.5))];
}

// Types the term key by key (80 ms apart, a quick typist), then waits for the list to show the answer: the count
// line under the toolbar starts with the number of matching rows, no load is under way, rows are drawn.
async function typeAndWait(page: Page, term: string, countPrefix: string): Promise<number> {
  const box = page.getByLabel('Rechercher');
  await box.fill('');
  await box.press('Enter');
  await page.waitForFunction(() => !document.querySelector('.bo-list .ant-spin-spinning'));
  for (const char of term.slice(0, -1)) await box.press(char, { delay: 0 }).then(() => page.waitForTimeout(80));
  await box.press(term.slice(-1));
  const started = performance.now();
  await page.waitForFunction(
    (expected) => {
      const count = document.querySelector('.bo-table__count')?.textContent ?? '';
      return (
        count.startsWith(expected) &&
        !document.querySelector('.bo-list .ant-spin-spinning') &&
        document.querySelectorAll('.bo-list .ant-table-tbody tr.ant-table-row').length > 0
      );
    },
    countPrefix,
    { polling: 'raf' },
  );
  return performance.now() - started;
}

// The search box of every page (docs/search.md): opened with Ctrl+K, the term typed key by key as above; from the last
// key to the results painted (the first result the API gives for the term drawn as the first option). The box waits
// SEARCH_DELAY_MS after the last key before it asks, as the spec's autocomplete does: printed apart.
async function typeInSearchBox(page: Page, term: string, firstLabel: string): Promise<number> {
  const box = page.getByRole('combobox', { name: 'Rechercher une société, un contact, une fiche de besoin' });
  if (!(await box.isVisible())) {
    await page.keyboard.press('Control+k');
    await box.waitFor();
  }
  await box.fill('');
  for (const char of term.slice(0, -1)) await box.press(char, { delay: 0 }).then(() => page.waitForTimeout(80));
  await box.press(term.slice(-1));
  const started = performance.now();
  await page.waitForFunction(
    (expected) => document.querySelector('.bo-search__hit .bo-search__label')?.textContent === expected,
    firstLabel,
    { polling: 'raf' },
  );
  return performance.now() - started;
}

// A row of the printed table: the searches, typed→shown p50 and p95, the API alone p50 and p95, the ratio of the p50s.
const tableRow = (name: string, ui: number[], server: number[]) => [
  name,
  String(ui.length),
  quantile(ui, 0.5).toFixed(0),
  quantile(ui, 0.95).toFixed(0),
  quantile(server, 0.5).toFixed(0),
  quantile(server, 0.95).toFixed(0),
  (quantile(ui, 0.5) / quantile(server, 0.5)).toFixed(1),
];

type StartSystem = typeof startSystem;
type Checkout = { system: Awaited<ReturnType<StartSystem>>; page: Page; dataDir: string };

// One version of the app on the benchmark's database, its leader logged in.
async function openCheckout(
  browser: Browser,
  start: StartSystem,
  at: typeof ports,
  databaseUrl: string,
): Promise<Checkout> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-search-'));
  const system = await start({
    shellPort: at.shell,
    remotePortBase: at.remoteBase,
    apiPort: at.api,
    dataDir,
    databaseUrl,
    quiet: true,
  });
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, system.shellUrl, BENCH_LEADER, { save: true });
  return { system, page, dataDir };
}

async function openList(checkout: Checkout, list: ListPageSpec) {
  const { page, system } = checkout;
  await page.goto(`${system.shellUrl}${list.path}`);
  await page.getByRole('heading', { name: list.heading, level: 1 }).waitFor();
  await page.locator('.bo-list .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
}

// BENCH_AGAINST=<another checkout, installed and built>: the same searches typed in its lists too, in turns, on the
// same database, so that two versions are compared under the same machine load.
async function otherCheckout(browser: Browser, databaseUrl: string): Promise<(Checkout & { folder: string }) | null> {
  const folder = process.env.BENCH_AGAINST;
  if (!folder) return null;
  const { startSystem: startOther } = (await import(path.resolve(folder, 'scripts', 'system.ts'))) as {
    startSystem: StartSystem;
  };
  return { folder, ...(await openCheckout(browser, startOther, otherPorts, databaseUrl)) };
}

export async function listSearchBench(): Promise<void> {
  console.log('\n== Search in the lists, in Chromium, on the large dataset (PostgreSQL)');
  const database = await createBenchDatabase(serverUrl, 'bo_bench_search');
  const running: Checkout[] = [];
  const browser = await launchBrowser();
  try {
    const setup = await openDatabase({ databaseUrl: database.url, dataDir: null, db: maintenanceDbTimeouts });
    await migrateToLatest(setup.db);
    const started = performance.now();
    await seedLarge(setup.db);
    await settleDatabase(setup.db);
    await setup.close();
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const mine = await openCheckout(browser, startSystem, ports, database.url);
    running.push(mine);
    const other = await otherCheckout(browser, database.url);
    if (other) running.push(other);
    const token = (await mine.page.evaluate(() => localStorage.getItem('token'))) ?? '';

    const rows: string[][] = [];
    const comparisons: string[] = [];
    let searchBoxLine = '';
    for (const list of lists) {
      await openList(mine, list);
      if (other) await openList(other, list);
      const ui: number[] = [];
      const otherUi: number[] = [];
      const server: number[] = [];
      // Terms that match nothing in this list are skipped: the runs are searches that show rows.
      for (let attempt = 0; ui.length < RUNS && attempt < RUNS * 3; attempt += 1) {
        const term = terms[attempt % terms.length];
        const url = new URL(list.api, mine.system.api.url);
        url.searchParams.set('search', term);
        const askedAt = performance.now();
        const answer = (await (
          await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'cache-control': 'no-cache' } })
        ).json()) as { data: { total: number } };
        const serverMs = performance.now() - askedAt;
        const { total } = answer.data;
        if (total === 0) continue;
        server.push(serverMs);
        // The number as the page writes it (French grouping), then the word after it.
        const prefix = await mine.page.evaluate((count) => `${count.toLocaleString('fr-FR')} `, total);
        // With another checkout, the two take turns going first.
        if (other && attempt % 2 === 1) otherUi.push(await typeAndWait(other.page, term, prefix));
        ui.push(await typeAndWait(mine.page, term, prefix));
        if (other && attempt % 2 === 0) otherUi.push(await typeAndWait(other.page, term, prefix));
      }
      rows.push(tableRow(list.name, ui, server));
      if (other) {
        comparisons.push(
          `  ${list.name}: this checkout p50 ${quantile(ui, 0.5).toFixed(0)}, p95 ${quantile(ui, 0.95).toFixed(0)} ms; ${other.folder} p50 ${quantile(otherUi, 0.5).toFixed(0)}, ` +
            `p95 ${quantile(otherUi, 0.95).toFixed(0)} ms (ratio p50 ${(quantile(ui, 0.5) / quantile(otherUi, 0.5)).toFixed(3)}, p95 ${(quantile(ui, 0.95) / quantile(otherUi, 0.95)).toFixed(3)})`,
        );
      }
    }
    // The search box, from the agenda.
    {
      await mine.page.goto(`${mine.system.shellUrl}/agenda`);
      await mine.page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
      const ui: number[] = [];
      const server: number[] = [];
      for (let attempt = 0; ui.length < RUNS && attempt < RUNS * 3; attempt += 1) {
        const term = terms[attempt % terms.length];
        const url = new URL('/search', mine.system.api.url);
        url.searchParams.set('q', term);
        const askedAt = performance.now();
        const hits = (
          (await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
            data: Array<{ label: string }>;
          }
        ).data;
        server.push(performance.now() - askedAt);
        if (hits.length === 0) continue;
        ui.push(await typeInSearchBox(mine.page, term, hits[0].label));
      }
      const afterWait = ui.map((ms) => ms - SEARCH_DELAY_MS);
      rows.push(tableRow('search box (Ctrl+K)', ui, server));
      searchBoxLine =
        `  search box: from the last key to the results painted p50 ${quantile(ui, 0.5).toFixed(0)}, p95 ${quantile(ui, 0.95).toFixed(0)} ms, ` +
        `of which the spec's ${SEARCH_DELAY_MS} ms wait after the last key; after that wait p95 ${quantile(afterWait, 0.95).toFixed(0)} ms ` +
        `(goal < ${GOAL_SEARCH_BOX_P95_MS}${quantile(afterWait, 0.95) < GOAL_SEARCH_BOX_P95_MS ? ', met' : ', missed'})`;
    }
    const header = ['list', 'searches', 'typed→shown p50 ms', 'p95 ms', 'API alone p50 ms', 'p95 ms', 'ratio p50'];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
    const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
    console.log(`${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}`);
    for (const row of rows) console.log(format(row));
    for (const row of rows.filter((one) => one[0] !== 'search box (Ctrl+K)'))
      console.log(
        `  ${row[0]}: p95 ${row[3]} ms from the last key to the rows (goal < ${GOAL_P95_MS}${Number(row[3]) < GOAL_P95_MS ? ', met' : ', missed'})`,
      );
    console.log(searchBoxLine);
    if (comparisons.length > 0)
      console.log(`Against another checkout, the same searches in turns:\n${comparisons.join('\n')}`);
  } finally {
    await browser.close();
    for (const checkout of running) {
      await checkout.system.stop();
      rmSync(checkout.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  }
}
