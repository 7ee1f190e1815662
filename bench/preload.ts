// Preload benchmark: from a click on a menu entry to its page visible, when the entry's remote was
// preloaded while the pointer rested on the entry, against the same click with no preload, interleaved in one run
// (median). Uses only localhost; stops by itself.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { holdIdleCallbacks, launchBrowser, login } from '../e2e/src/harness';
import { root } from '../scripts/build';
import { startSystem } from '../scripts/system';
import { benchPort } from './ports';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ports = { shell: benchPort(3970), remoteBase: benchPort(3971), api: benchPort(4970) } as const;
// The contacts remote's list of contacts, reached from a page of the shell (which downloads no remote).
const SECTION = 'Contacts et sociétés';
const ENTRY = 'Contacts';
const START = '/mon-compte';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Resolves once no request has been in flight for `quietMs`.
function quietNetwork(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async (quietMs = 500) => {
    while (inFlight > 0 || Date.now() - lastChange < quietMs) await page.waitForTimeout(50);
  };
}

async function clickSample(
  browser: Browser,
  shellUrl: string,
  token: string,
  contactsPort: number,
  preload: boolean,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  // The browser's idle moments never come: only the pointer preloads, so that the click without it finds nothing.
  await holdIdleCallbacks(context);
  const page = await context.newPage();
  const quiet = quietNetwork(page);
  await page.goto(`${shellUrl}${START}`);
  await page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByText(SECTION).click();
  const entry = menu.getByRole('link', { name: ENTRY, exact: true });
  await entry.waitFor();
  await quiet();
  if (preload) {
    const asked = page.waitForRequest((request) => new URL(request.url()).port === String(contactsPort));
    await entry.hover();
    await asked;
    await quiet();
  }
  await page.evaluate(() => {
    document.addEventListener('click', () => ((window as unknown as { clickAt: number }).clickAt = performance.now()), {
      capture: true,
      once: true,
    });
  });
  await entry.click();
  // The page's own clock, from the click to the first animation frame showing the page's heading.
  const handle = await page.waitForFunction(
    (title) => {
      const heading = [...document.querySelectorAll('h1')].find(
        (h) => h.textContent?.trim() === title && h.getBoundingClientRect().height > 0,
      );
      return heading ? performance.now() - (window as unknown as { clickAt: number }).clickAt : false;
    },
    ENTRY,
    { polling: 'raf', timeout: 60_000 },
  );
  const ms = Number(await handle.jsonValue());
  await context.close();
  return ms;
}

export async function preloadBench() {
  for (const app of ['shell', 'remotes/contacts']) {
    if (!existsSync(path.join(root, app, 'dist', 'mf-manifest.json')))
      throw new Error(`${app} is not built: run npm run build first.`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-preload-'));
  const system = await startSystem({
    shellPort: ports.shell,
    remotePortBase: ports.remoteBase,
    apiPort: ports.api,
    dataDir,
    quiet: true,
  });
  const browser = await launchBrowser();
  try {
    const loginContext = await browser.newContext();
    const loginPage = await loginContext.newPage();
    await login(loginPage, system.shellUrl, 'COM', { save: true });
    const token = (await loginPage.evaluate(() => localStorage.getItem('token'))) ?? '';
    await loginContext.close();
    const contactsPort = system.remotes.contacts.port;
    // Warm-up: Chromium's first pages pay for process start-up, the API for its first query plans.
    await clickSample(browser, system.shellUrl, token, contactsPort, false);
    await clickSample(browser, system.shellUrl, token, contactsPort, true);
    const samples = { preloaded: [] as number[], cold: [] as number[] };
    for (let i = 0; i < RUNS; i += 1) {
      // Taking turns going first, so that a drift of the machine weighs on both.
      const order = i % 2 === 0 ? [true, false] : [false, true];
      for (const preload of order)
        (preload ? samples.preloaded : samples.cold).push(
          await clickSample(browser, system.shellUrl, token, contactsPort, preload),
        );
    }
    const preloaded = median(samples.preloaded);
    const cold = median(samples.cold);
    console.log(`\n## Preload (headless Chromium, localhost, cold cache, median of ${RUNS} interleaved runs)\n`);
    console.log(
      `| click on « ${ENTRY} » (from ${START}) to its page visible (ms) | remote preloaded on hover | no preload | ratio |`,
    );
    console.log('|---|---|---|---|');
    console.log(`| median | ${preloaded.toFixed(0)} | ${cold.toFixed(0)} | ${(preloaded / cold).toFixed(2)} |`);
    console.log(
      `| every run | ${samples.preloaded.map((ms) => ms.toFixed(0)).join(', ')} | ${samples.cold.map((ms) => ms.toFixed(0)).join(', ')} | |`,
    );
  } finally {
    await browser.close();
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
