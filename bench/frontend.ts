// Front-end figures of the platform issue: JavaScript downloaded (gzip) before the login card shows, for /agenda
// after login and for the first page of each other remote, and the time until the login card is visible, as a
// ratio of a one-page baseline built from the same antd login card without federation, measured in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { holdIdleCallbacks, launchBrowser, releaseIdle } from '../e2e/src/harness';
import { buildFront, root } from '../scripts/build';
import { startStaticServer } from '../scripts/static-server';
import { startSystem } from '../scripts/system';
import { benchPort } from './ports';

const RUNS = 7;
const LOGIN_BUDGET_KB = 250;
// Everything a first visit downloads to show a page, login card included.
const PAGE_BUDGET_KB = 450;

// The first page of each other remote, opened by its address before logging in, as a user who may see it.
const remotePages = [
  { path: '/liste-contacts', trigram: 'DIR', heading: 'Contacts' },
  { path: '/fiches-de-besoin', trigram: 'DIR', heading: 'Fiches de besoin' },
  { path: '/rapports/stats', trigram: 'DIR', heading: 'Statistiques' },
  { path: '/liste-utilisateurs', trigram: 'ADM', heading: 'Utilisateurs' },
];

type Sample = { visibleMs: number; scriptBytes: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function trackScripts(page: Page): { bytes: () => number } {
  let total = 0;
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request.sizes().then((sizes) => {
      total += sizes.responseBodySize;
    });
  });
  return { bytes: () => total };
}

async function loginCardSample(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = trackScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  // Checked on every animation frame; the value is the page's own clock, from navigation start.
  const visible = await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Se connecter'));
      return button && button.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const visibleMs = Number(await visible.jsonValue());
  await page.waitForLoadState('networkidle');
  const sample = { visibleMs, scriptBytes: scripts.bytes() };
  await context.close();
  return sample;
}

// The shell preloads the other remotes the user may open when the browser is idle after the first page: held here
// until the page has downloaded all it needs, so that the page's own figure stays its own; counted apart after.
async function pageSample(
  browser: Browser,
  url: string,
  user: { trigram: string; heading: string },
): Promise<{ loginBytes: number; pageBytes: number; idleBytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await holdIdleCallbacks(context);
  const page = await context.newPage();
  const scripts = trackScripts(page);
  await page.goto(url);
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await page.waitForLoadState('networkidle');
  const loginBytes = scripts.bytes();
  await page.getByLabel('Trigramme').fill(user.trigram);
  await page.getByLabel('Mot de passe').fill('Bienvenue-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: user.heading, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const pageBytes = scripts.bytes() - loginBytes;
  await releaseIdle(page);
  // Each remote waits for an idle moment of its own: until no script has come for a second.
  let seen = -1;
  while (seen !== scripts.bytes()) {
    seen = scripts.bytes();
    await page.waitForTimeout(1_000);
  }
  const idleBytes = scripts.bytes() - loginBytes - pageBytes;
  await context.close();
  return { loginBytes, pageBytes, idleBytes };
}

export async function frontendBench() {
  buildFront();
  const baselineDir = path.join(root, 'bench', 'login-baseline');
  const built = spawnSync('npx', ['webpack', '--mode', 'production'], {
    cwd: baselineDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('Baseline build failed');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-front-'));
  const system = await startSystem({
    shellPort: benchPort(3950),
    remotePortBase: benchPort(3951),
    apiPort: benchPort(4950),
    dataDir,
    quiet: true,
  });
  const baseline = await startStaticServer({
    dirs: [path.join(baselineDir, 'dist'), path.join(root, 'shell', 'public')],
    port: benchPort(3960),
    spaFallback: '/index.html',
  });
  const browser = await launchBrowser();
  try {
    // Warm-up: the first Chromium page pays for process start-up, in neither measurement.
    await loginCardSample(browser, baseline.url);
    const shellSamples: Sample[] = [];
    const baseSamples: Sample[] = [];
    // Interleaved so that any drift of the machine affects both equally.
    for (let i = 0; i < RUNS; i += 1) {
      shellSamples.push(await loginCardSample(browser, system.shellUrl));
      baseSamples.push(await loginCardSample(browser, baseline.url));
    }
    const agenda = await pageSample(browser, system.shellUrl, { trigram: 'COM', heading: 'Agenda' });
    const remotes = [];
    for (const target of remotePages) {
      const sample = await pageSample(browser, system.shellUrl + target.path, target);
      remotes.push({ ...target, totalBytes: sample.loginBytes + sample.pageBytes });
    }
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const shellMs = median(shellSamples.map((s) => s.visibleMs));
    const baseMs = median(baseSamples.map((s) => s.visibleMs));
    const loginKb = median(shellSamples.map((s) => s.scriptBytes)) / 1024;
    console.log('\n## Front end (headless Chromium, localhost, cold cache, median of %d runs)\n', RUNS);
    console.log('| figure | shell (federated) | one-page baseline | ratio | goal |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| JS before the login card shows (gzip KB) | ${loginKb.toFixed(1)} | ${kb(median(baseSamples.map((s) => s.scriptBytes)))} | ${(loginKb / (median(baseSamples.map((s) => s.scriptBytes)) / 1024)).toFixed(2)} | < ${LOGIN_BUDGET_KB} KB: ${loginKb < LOGIN_BUDGET_KB ? 'met' : 'NOT met'} |`,
    );
    const pageGoal = (bytes: number) =>
      `<= ${PAGE_BUDGET_KB} KB: ${bytes / 1024 <= PAGE_BUDGET_KB ? 'met' : 'NOT met'}`;
    const agendaBytes = agenda.loginBytes + agenda.pageBytes;
    console.log(`| more JS for /agenda after login (gzip KB) | ${kb(agenda.pageBytes)} | | | |`);
    console.log(`| total JS to reach /agenda (gzip KB) | ${kb(agendaBytes)} | | | ${pageGoal(agendaBytes)} |`);
    for (const target of remotes) {
      console.log(
        `| total JS to reach ${target.path} as ${target.trigram} (gzip KB) | ${kb(target.totalBytes)} | | | ${pageGoal(target.totalBytes)} |`,
      );
    }
    console.log(
      `| then preloaded when idle: the other remotes COM may open (gzip KB) | ${kb(agenda.idleBytes)} | | | |`,
    );
    console.log(
      `| login card visible (ms) | ${shellMs.toFixed(0)} | ${baseMs.toFixed(0)} | ${(shellMs / baseMs).toFixed(2)} | ratio <= 1.3: ${shellMs / baseMs <= 1.3 ? 'met' : 'NOT met'} |`,
    );
  } finally {
    await browser.close();
    await baseline.close();
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
