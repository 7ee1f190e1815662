// Starts the built system on test ports and a Chromium driven by playwright-core (Debian's chromium: no
// browser download works here).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { startSystem, type RunningSystem } from '../../scripts/system';
import { BUSINESS_TIME_ZONE, type LayoutSettings } from '@bo/contracts';

// A browser as the firm's people have one: French, on Paris time (the business day the API counts in).
export const frenchBrowser = { locale: 'fr-FR', timezoneId: BUSINESS_TIME_ZONE } as const;

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export const DEMO_PASSWORD = 'Bienvenue-2026';

// E2E_PORT_OFFSET lets two test runs share a machine.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const ports = { shell: 3900 + offset, remoteBase: 3901 + offset, api: 4900 + offset } as const;

export type Harness = {
  system: RunningSystem;
  browser: Browser;
  dataDir: string;
  newPage: () => Promise<{ context: BrowserContext; page: Page }>;
  close: () => Promise<void>;
};

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

// Chromium keeps only the last --disable-features it is given, so this list repeats playwright-core's own (a test
// holds the two together) and adds the omnibox popup's WebUI: headless Chromium otherwise builds it again and again
// in the background (hundreds of internal requests at a time), taking the two cores from the pages being measured.
export const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${disabledFeatures.join(',')}`,
    ],
  });
}

// `session`: a shorter end for the sessions not kept, and its warning, for a test of that end.
export async function startHarness(
  session: { autoClearMs: number; warningMs: number } | null = null,
): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-'));
  const system = await startSystem({
    shellPort: ports.shell,
    remotePortBase: ports.remoteBase,
    apiPort: ports.api,
    dataDir,
    quiet: true,
    // Short enough for a test to see the fallback of a remote that never answers.
    chunkLoadTimeoutMs: 15_000,
    sessionAutoClearMs: session?.autoClearMs,
    sessionWarningMs: session?.warningMs,
    // The daily digests a test asks for go out within a second or two, not at the next minute.
    notificationRoundMs: 1_000,
  });
  const browser = await launchBrowser();
  return {
    system,
    browser,
    dataDir,
    async newPage() {
      const context = await browser.newContext({ ...frenchBrowser, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await system.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(page: Page, baseUrl: string, trigram: string, options: { save?: boolean } = {}) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Trigramme').fill(trigram);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  const toggle = page.getByRole('switch', { name: 'Se souvenir de moi' });
  const checked = (await toggle.getAttribute('aria-checked')) === 'true';
  if (Boolean(options.save) !== checked) await toggle.click();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
  // The root redirects to the agenda: wait for it, so that nothing races the redirect.
  if (new URL(page.url()).pathname === '/') await page.waitForURL((url) => url.pathname !== '/');
  // ...and for the page it lands on to be drawn, so the menu has settled on its section.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

// Logs a user in through the card with 'Enregistrer' on, and gives the token their session stored: a test then opens
// its pages with it already there, or calls the API as that user.
export async function savedToken(harness: Harness, trigram: string): Promise<string> {
  const { context, page } = await harness.newPage();
  await login(page, harness.system.shellUrl, trigram, { save: true });
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  assert.ok(token, 'the saved session leaves its token');
  await context.close();
  return token;
}

// node:test's `it`, saving a screenshot of every open page under e2e/artifacts when the test fails: what the user
// would have seen at that moment.
export function itWithScreenshots(harness: () => Harness) {
  return (name: string, body: () => Promise<void>) =>
    it(name, async () => {
      const openPages = () =>
        harness()
          .browser.contexts()
          .flatMap((context) => context.pages());
      const before = new Set(openPages());
      try {
        await body();
      } catch (error) {
        mkdirSync(artifacts, { recursive: true });
        const pages = openPages().filter((page) => !before.has(page));
        const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
        await Promise.allSettled(
          pages.map((page, i) => page.screenshot({ path: path.join(artifacts, `${slug}-${i}.png`), fullPage: true })),
        );
        throw error;
      }
    });
}

export type StackOptions = {
  // The users logged in once before the tests (through the card, "Enregistrer" on): their tokens open the pages and
  // call the API. The first is the one taken when a call names none.
  users?: string[];
  // A shorter end for the sessions not kept, and its warning (see startHarness).
  session?: { autoClearMs: number; warningMs: number };
};

export type Stack = {
  // The running system and its browser, once `before` has run.
  readonly harness: Harness;
  // The shell's address.
  readonly base: string;
  // The saved token of each user named in the options.
  readonly tokens: Readonly<Record<string, string>>;
  // node:test's `it`, with a screenshot of every open page when a test fails.
  it: (name: string, body: () => Promise<void>) => void;
  // A GET of the API as a user (the first of the options by default).
  api: <T>(path: string, query?: Record<string, string | number>, as?: string) => Promise<T>;
  // A new browser context on `path` with a user's saved session, once the page's level-1 heading `heading` is drawn
  // (any level-1 heading when it is null).
  newPage: (
    path: string,
    heading: string | null,
    options?: { as?: string; viewport?: { width: number; height: number } },
  ) => Promise<{ context: BrowserContext; page: Page }>;
  // Saves a user's display settings (the theme, the layout) as the settings panel does, before a page opens.
  saveSettings: (trigram: string, settings: Partial<LayoutSettings>) => Promise<void>;
};

// The set-up every browser test file shares: the system and its browser started before the file's tests (and its
// users logged in), stopped after them. Called at the top of a test file.
export function useStack(options: StackOptions = {}): Stack {
  const users = options.users ?? [];
  const tokens: Record<string, string> = {};
  let harness: Harness | undefined;
  const started = () => {
    assert.ok(harness, 'the stack is started by `before`');
    return harness;
  };
  before(async () => {
    harness = await startHarness(options.session ?? null);
    for (const trigram of users) tokens[trigram] = await savedToken(harness, trigram);
  });
  after(async () => {
    await harness?.close();
  });
  const stack: Stack = {
    get harness() {
      return started();
    },
    get base() {
      return started().system.shellUrl;
    },
    tokens,
    it: itWithScreenshots(started),
    api: (path, query = {}, as = users[0]) => apiGet(started().system.api.url, tokens[as], path, query),
    async newPage(path, heading, { as = users[0], viewport = { width: 1280, height: 800 } } = {}) {
      const context = await started().browser.newContext({ ...frenchBrowser, viewport });
      const page = await context.newPage();
      await page.addInitScript((value) => localStorage.setItem('token', value), tokens[as]);
      await page.goto(`${started().system.shellUrl}${path}`);
      const title =
        heading === null
          ? page.getByRole('heading', { level: 1 }).first()
          : page.getByRole('heading', { name: heading, level: 1 });
      await title.waitFor();
      return { context, page };
    },
    async saveSettings(trigram, settings) {
      const response = await fetch(new URL('/user/settings', started().system.api.url), {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${tokens[trigram]}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(settings),
      });
      assert.equal(response.status, 200, 'settings saved');
    },
  };
  return stack;
}

// A GET of the API with a user's token, as a test reads the outcome back: the envelope's data, no error allowed.
export async function apiGet<T>(
  apiUrl: string,
  token: string,
  path: string,
  query: Record<string, string | number> = {},
): Promise<T> {
  const url = new URL(path, apiUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  const body = (await response.json()) as { data: T; errors: { message: string }[] };
  assert.deepEqual(body.errors, [], `${path} answered errors`);
  return body.data;
}

// A POST of the API (multipart, as the browser sends it), to set a test's scene up.
export async function apiPost<T>(
  apiUrl: string,
  token: string,
  path: string,
  fields: Record<string, string | number>,
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  const response = await fetch(new URL(path, apiUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as { data: T; errors: { message: string }[] };
  assert.deepEqual(body.errors, [], `${path} answered errors`);
  return body.data;
}

// Chooses an option of a select with the keyboard, as a keyboard user would: arrows down to it, then Enter. The
// option under the keyboard is the one the field names in aria-activedescendant. (A mouse click on a list that is
// still opening, on a busy machine, can land on the list that is closing.)
export async function pickOption(
  page: Page,
  label: string | RegExp,
  option: string,
  within: Locator = page.getByRole('dialog'),
) {
  const dialog = within;
  const field = dialog.getByLabel(label);
  const activeOption = () =>
    field.evaluate((input) => {
      const id = input.getAttribute('aria-activedescendant');
      return (id && document.getElementById(id)?.getAttribute('aria-label')) || null;
    });
  // Each arrow moves to the next option: wait for the field to say so before reading it.
  const nextOption = async (previous: string | null) => {
    for (let wait = 0; wait < 200; wait += 1) {
      const current = await activeOption();
      if (current !== previous) return current;
      await page.waitForTimeout(25);
    }
    throw new Error(`${String(label)}: the arrow key moved nothing`);
  };
  await field.focus();
  await field.press('ArrowDown');
  let current = await nextOption(null);
  for (let step = 0; current !== option; step += 1) {
    assert.ok(step < 50, `option ${option} not found in ${String(label)}`);
    await field.press('ArrowDown');
    current = await nextOption(current);
  }
  await field.press('Enter');
  // The field shows the choice once the select has taken it: a single select as its title, a multiple one as a tag.
  const shown = `.ant-select-content[title="${option}"], .ant-select-content:has(.ant-select-selection-item[title="${option}"])`;
  await dialog.locator(shown, { has: page.getByLabel(label) }).waitFor();
}

// Holds the browser's idle moments (requestIdleCallback) of every page of a context until releaseIdle: the shell
// preloads remotes when the browser is idle, and a test or a benchmark tells those downloads apart from the rest.
// On a standby list: finds the contact, adds its first todo from its row with this task type, and waits for the
// confirmation (the contact then leaves the standby lists).
export async function addFirstTodoFromStandby(
  page: Page,
  contact: { firstName: string; lastName: string },
  task: string,
) {
  await page.getByLabel('Rechercher').fill(contact.lastName.toUpperCase());
  await page.getByLabel('Rechercher').press('Enter');
  await page
    .getByRole('button', { name: `Ajouter une tâche pour ${contact.firstName} ${contact.lastName}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
  await dialog.waitFor();
  await pickOption(page, /Type de tâche/, task);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Tâche ajoutée, contact activé').first().waitFor();
}

// Until no request has started or ended for `ms`, the event stream aside: it stays open as long as the page
// (docs/live-changes.md), so Playwright's 'networkidle' never comes once the user is in.
export async function networkQuiet(page: Page, ms = 500): Promise<void> {
  const counts = (request: Request) => new URL(request.url()).pathname !== '/events';
  await new Promise<void>((resolve) => {
    let timer = setTimeout(done, ms);
    function done() {
      page.off('request', moved);
      page.off('requestfinished', moved);
      page.off('requestfailed', moved);
      resolve();
    }
    function moved(request: Request) {
      if (!counts(request)) return;
      clearTimeout(timer);
      timer = setTimeout(done, ms);
    }
    page.on('request', moved);
    page.on('requestfinished', moved);
    page.on('requestfailed', moved);
  });
}

export async function holdIdleCallbacks(context: BrowserContext) {
  await context.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    let open = false;
    const real = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => {
      if (open) return real(callback, options);
      held.push(callback);
      return 0;
    };
    (window as unknown as { releaseIdle: () => void }).releaseIdle = () => {
      open = true;
      for (const callback of held.splice(0)) real(callback);
    };
  });
}

export async function releaseIdle(page: Page) {
  await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
}
