// Agenda benchmark: /agenda with 2 000 todos in the visible month, from navigation to the calendar painted with its
// events, as a ratio of FullCalendar alone drawing the same events on a bare page (same Chromium, same run,
// interleaved, median). Uses only localhost; stops by itself.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { endpointPath, endpoints, type StandbyLists, type Task, type Todo } from '@bo/contracts/all';
import { launchBrowser, login } from '../e2e/src/harness';
import { benchPort } from './ports';
import { root } from '../scripts/build';
import { startStaticServer } from '../scripts/static-server';
import { startSystem } from '../scripts/system';
import { localIsoDate, monthGridRange } from '../shared/todos/src/calendar/calendar-range';
import { todosToEvents } from '../shared/todos/src/todo-events';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TODOS = 2000;
const RATIO_GOAL = 1.5;
const ports = {
  shell: benchPort(3980),
  remoteBase: benchPort(3981),
  api: benchPort(4980),
  baseline: benchPort(3990),
} as const;
const otherPorts = { shell: benchPort(3960), remoteBase: benchPort(3961), api: benchPort(4960) } as const;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * q + 0.5)];
}
const median = (values: number[]) => quantile(values, 0.5);

type Api = {
  get: <T>(p: string, q?: Record<string, string | number>) => Promise<T>;
  post: (p: string, body: Record<string, string>) => Promise<void>;
};

function apiClient(baseUrl: string, token: string): Api {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const read = async <T>(response: Response): Promise<T> => {
    const body = (await response.json()) as { data: T; errors: { message: string }[] };
    if (body.errors.length > 0) throw new Error(`API: ${body.errors.map((e) => e.message).join(', ')}`);
    return body.data;
  };
  return {
    async get<T>(p: string, query: Record<string, string | number> = {}) {
      const url = new URL(p, baseUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      return read<T>(await fetch(url, { headers }));
    },
    async post(p: string, fields: Record<string, string>) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      await read(await fetch(new URL(p, baseUrl), { method: 'POST', headers, body: form }));
    },
  };
}

const noon = (isoDate: string) => Math.floor(new Date(`${isoDate}T12:00:00Z`).getTime() / 1000);

// Fills the visible month of one user (COM) up to 2 000 todos through the API's own call.
async function seedMonth(api: Api, grid: { start: string; end: string }, month: string[]): Promise<Todo[]> {
  const query = { onlyPending: 0, start: noon(grid.start), end: noon(grid.end) };
  const existing = await api.get<Todo[]>(endpoints.todos.path, query);
  const [tasks, standby] = await Promise.all([
    api.get<Task[]>(endpoints.tasks.path),
    api.get<StandbyLists>(endpoints.standbyContacts.path),
  ]);
  const contactIds = [...new Set([...existing.map((t) => t.contact.id), ...standby.allContacts.map((c) => c.id)])];
  const missing = Math.max(0, TODOS - existing.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < missing; i = next++) {
      const p = endpointPath(endpoints.addContactTodo.path, {
        contactId: contactIds[i % contactIds.length],
        taskId: tasks[i % tasks.length].id,
      });
      await api.post(p, { deadline: month[i % month.length], notes: `Tâche de charge n° ${i + 1}` });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return api.get<Todo[]>(endpoints.todos.path, query);
}

// The bare page: FullCalendar's own browser bundles from node_modules, the same options as TodoCalendar, the same
// events from a JSON file (the app fetches them too). The bundles are served as the application's chunks are, under
// a name carrying their content's hash and cached for good (scripts/front-files.ts): a warm visit then reads them
// from the browser's cache, as the application's warm visit reads its chunks, rather than downloading and
// compiling them anew.
function baselinePage(dir: string, initialDate: string) {
  const fc = (file: string) => {
    const body = readFileSync(path.join(root, 'node_modules', '@fullcalendar', file));
    const name = `${file.replace(/\//g, '-').replace(/\.js$/, '')}.${createHash('sha256').update(body).digest('hex').slice(0, 8)}.js`;
    writeFileSync(path.join(dir, name), body);
    return `<script src="/${name}"></script>`;
  };
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>FullCalendar seul</title></head>
<body><div id="calendar"></div>
${fc('core/index.global.min.js')}${fc('daygrid/index.global.min.js')}${fc('interaction/index.global.min.js')}${fc('core/locales/fr.global.min.js')}
<script>
fetch('/events.json').then((r) => r.json()).then((events) => {
  const calendar = new FullCalendar.Calendar(document.getElementById('calendar'), {
    locale: 'fr', firstDay: 1, initialView: 'dayGridMonth', initialDate: '${initialDate}', height: 'auto', editable: true,
    eventDurationEditable: false, headerToolbar: { left: 'prev,next today', center: 'title', right: 'dayGridMonth,dayGridWeek' },
    views: { dayGridMonth: { dayMaxEvents: 4 }, dayGridWeek: { dayMaxEvents: false } }, events,
    eventClick: () => undefined,
    eventDidMount: (info) => { info.el.setAttribute('aria-label', info.event.title); info.el.dataset.todoId = info.event.id; },
  });
  calendar.render();
});
</script></body></html>`,
  );
}

// The main thread's work during a visit, from Chrome's own counters (CDP Performance.getMetrics): all of its tasks,
// the scripts among them, layouts and style recalculations. Steadier than the visit's duration when two versions
// are compared, since time the page spent waiting is not in it.
const workMetrics = {
  task: 'TaskDuration',
  script: 'ScriptDuration',
  layout: 'LayoutDuration',
  style: 'RecalcStyleDuration',
} as const;
type MainThreadWork = Record<keyof typeof workMetrics, number>;
const workKeys = Object.keys(workMetrics) as (keyof MainThreadWork)[];
// work: null on a warm visit.
type Sample = { ms: number; work: MainThreadWork | null };

// From navigation start (the page's own clock) to the first frame with events in the grid, painted, and on a cold
// visit the main thread's work meanwhile. The clock stops after the frame's rendering (a message posted from its
// animation frame callback is read once the frame's style, layout and paint are done): work the page leaves for
// that step, a stylesheet added after the calendar drew for instance, is part of the figure. With `profile`, a
// trace of the (last) visit is written there, for Chrome DevTools' Performance panel.
async function paintedSample(
  browser: Browser,
  url: string,
  token: string | null,
  warm: boolean,
  profile?: string,
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  // Counted on cold visits only: a warm one is left exactly as it was measured before the counters existed.
  const cdp = warm ? null : await context.newCDPSession(page);
  await cdp?.send('Performance.enable');
  const counters = async (): Promise<MainThreadWork | null> => {
    if (!cdp) return null;
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
    return Object.fromEntries(workKeys.map((key) => [key, ms(workMetrics[key])])) as MainThreadWork;
  };
  const measure = async (): Promise<Sample> => {
    const before = await counters();
    await page.goto(url, { waitUntil: 'commit' });
    type Painted = Window & { paintedAt?: Promise<number> };
    await page.waitForFunction(
      () => {
        if (!document.querySelector('.fc-daygrid-event')) return false;
        (window as Painted).paintedAt = new Promise<number>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        });
        return true;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const ms = await page.evaluate(() => (window as Painted).paintedAt ?? Promise.reject(new Error('no frame')));
    const after = await counters();
    const work =
      before && after
        ? (Object.fromEntries(workKeys.map((key) => [key, after[key] - before[key]])) as MainThreadWork)
        : null;
    return { ms, work };
  };
  const profiled = async () => {
    if (profile === undefined) return measure();
    const categories = [
      'devtools.timeline',
      'v8.execute',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
    ];
    await browser.startTracing(page, { path: profile, categories });
    const result = await measure();
    await browser.stopTracing();
    return result;
  };
  // Warm: the same visit again, every file already in the browser's cache (a user coming back to the agenda).
  const sample = warm ? (await measure(), await profiled()) : await profiled();
  await context.close();
  return sample;
}

type StartSystem = typeof startSystem;

// A running product with COM's visible month filled to 2 000 todos, and COM's saved session.
async function openSeeded(
  browser: Browser,
  start: StartSystem,
  at: { shell: number; remoteBase: number; api: number },
  dataDir: string,
) {
  const system = await start({
    shellPort: at.shell,
    remotePortBase: at.remoteBase,
    apiPort: at.api,
    dataDir,
    quiet: true,
  });
  const loginContext = await browser.newContext();
  const loginPage = await loginContext.newPage();
  await login(loginPage, system.shellUrl, 'COM', { save: true });
  const token = (await loginPage.evaluate(() => localStorage.getItem('token'))) ?? '';
  await loginContext.close();
  const today = localIsoDate(new Date());
  const month: string[] = [];
  for (let day = 1; day <= 31; day += 1) {
    const iso = `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
    if (new Date(`${iso}T12:00:00Z`).toISOString().startsWith(iso)) month.push(iso);
  }
  const seedStart = Date.now();
  const todos = await seedMonth(apiClient(system.api.url, token), monthGridRange(today), month);
  return { system, token, todos, seedMs: Date.now() - seedStart };
}

// BENCH_AGAINST=<another checkout, installed and built>: its /agenda is measured in the same runs, on ports of its
// own, so that two versions of the code are compared under the same machine load (the medians of two separate
// invocations move by more than most changes).
async function otherCheckout(browser: Browser, dataDir: string) {
  const folder = process.env.BENCH_AGAINST;
  if (!folder) return null;
  const { startSystem: startOther } = (await import(path.resolve(folder, 'scripts', 'system.ts'))) as {
    startSystem: StartSystem;
  };
  return { folder, ...(await openSeeded(browser, startOther, otherPorts, dataDir)) };
}

export async function agendaBench() {
  for (const app of ['shell', 'remotes/agenda']) {
    if (!existsSync(path.join(root, app, 'dist', 'mf-manifest.json')))
      throw new Error(`${app} is not built: run npm run build first.`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-agenda-'));
  const otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-agenda-other-'));
  const baselineDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-agenda-baseline-'));
  const baseline = await startStaticServer({ dirs: [baselineDir], port: ports.baseline });
  const browser = await launchBrowser();
  const running: { stop: () => Promise<void> }[] = [];
  try {
    const { system, token, todos, seedMs } = await openSeeded(browser, startSystem, ports, dataDir);
    running.push(system);
    const other = await otherCheckout(browser, otherDataDir);
    if (other) running.push(other.system);
    const today = localIsoDate(new Date());
    const grid = monthGridRange(today);
    writeFileSync(path.join(baselineDir, 'events.json'), JSON.stringify(todosToEvents(todos)));
    baselinePage(baselineDir, today);

    const appUrl = `${system.shellUrl}/agenda`;
    const baseUrl = `${baseline.url}/index.html`;
    // Warm-up: Chromium's first page pays for process start-up; the API its first query plans.
    await paintedSample(browser, baseUrl, null, false);
    await paintedSample(browser, appUrl, token, false);
    const otherUrl = other && `${other.system.shellUrl}/agenda`;
    if (other && otherUrl) await paintedSample(browser, otherUrl, other.token, false);
    const samples = {
      appCold: [] as Sample[],
      baseCold: [] as Sample[],
      appWarm: [] as Sample[],
      baseWarm: [] as Sample[],
      otherCold: [] as Sample[],
    };
    for (let i = 0; i < RUNS; i += 1) {
      // The two checkouts take turns going first: the first visit of a run reads a little slower.
      const otherFirst = i % 2 === 1;
      if (other && otherUrl && otherFirst)
        samples.otherCold.push(await paintedSample(browser, otherUrl, other.token, false));
      samples.appCold.push(await paintedSample(browser, appUrl, token, false));
      if (other && otherUrl && !otherFirst)
        samples.otherCold.push(await paintedSample(browser, otherUrl, other.token, false));
      samples.baseCold.push(await paintedSample(browser, baseUrl, null, false));
      samples.appWarm.push(await paintedSample(browser, appUrl, token, true));
      samples.baseWarm.push(await paintedSample(browser, baseUrl, null, true));
    }
    // The ratio of the medians is the figure the goal is set on. Each run's own ratio (its two pages measured one
    // after the other) shows how much the machine moved meanwhile: its spread is the figure's noise.
    const durations = (list: Sample[]) => list.map((sample) => sample.ms);
    const row = (label: string, appSamples: Sample[], baseSamples: Sample[], goal = true) => {
      const [app, base] = [durations(appSamples), durations(baseSamples)];
      const ratio = median(app) / median(base);
      const perRun = app.map((ms, i) => ms / base[i]);
      const spread = `${quantile(perRun, 0.25).toFixed(2)} to ${quantile(perRun, 0.75).toFixed(2)}`;
      const verdict = goal ? `<= ${RATIO_GOAL}: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'}` : '';
      return `| ${label} | ${median(app).toFixed(0)} | ${median(base).toFixed(0)} | ${ratio.toFixed(2)} | ${spread} | ${verdict} |`;
    };
    console.log(
      `\n## Agenda (headless Chromium, localhost, ${todos.length} todos from ${grid.start} to ${grid.end}, median of ${RUNS} interleaved runs)\n`,
    );
    console.log(`Seeding through POST /contact/{id}/task/{taskId}/todo/store took ${(seedMs / 1000).toFixed(1)} s.\n`);
    console.log(
      "| navigation to the month painted with its events (ms) | /agenda (shell + remote + API) | FullCalendar alone | ratio | runs' ratios, middle half | goal |",
    );
    console.log('|---|---|---|---|---|---|');
    console.log(row('cold cache (first visit)', samples.appCold, samples.baseCold));
    console.log(row('warm cache (coming back)', samples.appWarm, samples.baseWarm));
    if (other) {
      console.log(row(`cold cache, ${other.folder}`, samples.otherCold, samples.baseCold, false));
      const [app, theirs] = [durations(samples.appCold), durations(samples.otherCold)];
      const perRun = app.map((value, i) => value / theirs[i]);
      console.log(
        `\nThis checkout against ${other.folder}, cold: ${(median(app) / median(theirs)).toFixed(3)} ` +
          `(runs' ratios, middle half: ${quantile(perRun, 0.25).toFixed(3)} to ${quantile(perRun, 0.75).toFixed(3)}).`,
      );
    }
    // Where the time went: the main thread's work until the month was painted, cold (medians of the same visits).
    // Chrome's script counter leaves out code run from promise callbacks: the bare page's whole calendar, part of the
    // application's. It compares two checkouts, not the application with the bare page.
    console.log(
      '\n| main thread until the month is painted, cold (ms) | all tasks | layouts | style recalculations | scripts (outside promise callbacks) |',
    );
    console.log('|---|---|---|---|---|');
    const workRow = (label: string, list: Sample[], scripts = true) => {
      const cell = (key: keyof MainThreadWork) => median(list.map((sample) => sample.work?.[key] ?? 0)).toFixed(0);
      console.log(
        `| ${label} | ${cell('task')} | ${cell('layout')} | ${cell('style')} | ${scripts ? cell('script') : ''} |`,
      );
    };
    workRow('/agenda', samples.appCold);
    workRow('FullCalendar alone', samples.baseCold, false);
    if (other) workRow(`/agenda, ${other.folder}`, samples.otherCold);
    // BENCH_PROFILE=<folder>: one more cold and warm visit of each page, traced (app-cold.json...).
    const profiles = process.env.BENCH_PROFILE;
    if (profiles) {
      for (const warm of [false, true]) {
        const when = warm ? 'warm' : 'cold';
        await paintedSample(browser, appUrl, token, warm, path.join(profiles, `app-${when}.json`));
        await paintedSample(browser, baseUrl, null, warm, path.join(profiles, `baseline-${when}.json`));
      }
      console.log(`\nTraces of one visit each written to ${profiles}.`);
    }
  } finally {
    await browser.close();
    await baseline.close();
    for (const system of running) await system.stop();
    for (const dir of [dataDir, otherDataDir, baselineDir]) rmSync(dir, { recursive: true, force: true });
  }
}
