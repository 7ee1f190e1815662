// Independent delivery: each remote says what it is (version.json), the shell refuses one built against
// incompatible contracts, a failing remote speaks French, /modules shows what runs where, and `npm run deploy`
// ships one remote while the system runs.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { holdIdleCallbacks, login, releaseIdle, savedToken, useStack } from './harness';

const stack = useStack();
const { it } = stack;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The live version.json of a remote in the deploy root the system serves.
function liveVersionFile(remote: string): string {
  const registry = JSON.parse(
    readFileSync(path.join(stack.harness.system.deployRoot, 'remotes.json'), 'utf8'),
  ) as Record<string, string>;
  return path.join(stack.harness.system.deployRoot, path.dirname(registry[remote]), 'version.json');
}

// The /modules line of a remote, as text.
async function moduleLine(page: Page, remote: string) {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: remote, exact: true }) });
  await row.waitFor();
  return row;
}

describe('version check before mounting', () => {
  it('a remote whose version.json declares incompatible contracts shows the fallback with its reason; the others work', async () => {
    const file = liveVersionFile('contacts');
    const original = readFileSync(file, 'utf8');
    const info = JSON.parse(original) as { contracts: { version: string; range: string } };
    writeFileSync(file, JSON.stringify({ ...info, contracts: { version: '0.0.1', range: '^0.0.1' } }));
    const { context, page } = await stack.harness.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await login(page, stack.base, 'COM', { save: true });
      await page.goto(`${stack.base}/liste-contacts`);
      await page.getByText('Ce module a été construit pour une version incompatible de l’application').waitFor();
      await page
        .getByText(
          /n’a pas été chargé : construit avec les contrats 0\.0\.1 \(compatibles \^0\.0\.1\), l’application fournit \d+\.\d+\.\d+/,
        )
        .waitFor();
      await page.getByRole('button', { name: 'Réessayer' }).waitFor();
      // Never mounted: the page's own heading is not there.
      assert.equal(await page.getByRole('heading', { name: 'Contacts', level: 1 }).count(), 0);
      assert.ok(
        consoleErrors.some((text) => text.includes('contacts') && text.includes('0.0.1')),
        consoleErrors.join('\n'),
      );
      // Another remote's area still works.
      await page.goto(`${stack.base}/fiches-de-besoin`);
      await page.getByRole('heading', { name: 'Fiches de besoin', level: 1 }).waitFor();
    } finally {
      writeFileSync(file, original);
    }
    // Fixed on the server: the retry mounts it.
    await page.goto(`${stack.base}/liste-contacts`);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await context.close();
  });

  it('a remote that is down says so in French, with the retry, and never shows the runtime’s English text', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'COM', { save: true });
    await stack.harness.system.remotes.reports.close();
    try {
      await page.goto(`${stack.base}/rapports/annuaire`);
      await page.getByText('Ce module est momentanément indisponible').waitFor({ timeout: 40_000 });
      await page.getByText(/« Annuaire » n’a pas pu être chargé/).waitFor();
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /RUNTIME|Federation|Failed to|TypeError/);
      // The detail for support stays collapsed.
      await page.getByText('Détails').click();
      await page.getByText(/Module : reports — adresse : http:\/\/localhost:\d+\/[^ ]+\/mf-manifest\.json/).waitFor();
      assert.doesNotMatch(await page.locator('body').innerText(), /RUNTIME/);
    } finally {
      await stack.harness.system.restartRemote('reports');
    }
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: 'Annuaire', level: 1 }).waitFor();
    await context.close();
  });
});

describe('cache headers', () => {
  it('registry, manifests and version.json are revalidated; hashed chunks are cached for good', async () => {
    const registry = await fetch(`${stack.base}/remotes.json`);
    assert.equal(registry.headers.get('cache-control'), 'no-cache');
    const manifestUrl = ((await registry.json()) as Record<string, string>).contacts;
    const manifest = await fetch(manifestUrl);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    assert.equal((await fetch(new URL('version.json', manifestUrl))).headers.get('cache-control'), 'no-cache');
    // A chunk the manifest names, with its content hash in its name.
    const text = await manifest.text();
    const chunk = /"([^"]*\.[0-9a-f]{8}\.js)"/.exec(text)?.[1];
    assert.ok(chunk, 'a hashed chunk in the manifest');
    const response = await fetch(new URL(chunk, manifestUrl));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });
});

describe('/modules', () => {
  it('is refused to non-administrators and absent from their menu', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'DIR', { save: true });
    await page.goto(`${stack.base}/modules`);
    await page.getByRole('heading', { name: 'Accès interdit', level: 1 }).waitFor();
    assert.equal(
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Modules' }).count(),
      0,
    );
    await context.close();
  });

  it('shows one line per remote, and a stopped remote as unreachable, in red', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'ADM', { save: true });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Administration').click();
    await menu.getByRole('link', { name: 'Modules' }).click();
    await page.getByRole('heading', { name: 'Modules', level: 1 }).waitFor();
    for (const remote of ['agenda', 'contacts', 'needsSheets', 'reports', 'admin']) {
      const row = await moduleLine(page, remote);
      const text = await row.innerText();
      assert.match(text, /Correct/, `${remote}: ${text}`);
      assert.match(text, /Oui \(\d+ ms\)/);
      assert.match(text, /Compatibles/);
      assert.match(text, /http:\/\/localhost:\d+\/\d+\.\d+\.\d+-[^/]+\/mf-manifest\.json/);
      assert.match(text, /react 19\.\d+\.\d+/);
    }
    await stack.harness.system.remotes.needsSheets.close();
    try {
      await page.reload();
      const row = await moduleLine(page, 'needsSheets');
      await row.getByText('En erreur').waitFor();
      assert.match(await row.innerText(), /Non/);
      assert.match((await row.getAttribute('class')) ?? '', /bo-modules__row--error/);
      assert.match(await (await moduleLine(page, 'contacts')).innerText(), /Correct/);
    } finally {
      await stack.harness.system.restartRemote('needsSheets');
    }
    await context.close();
  });
});

describe('npm run deploy', () => {
  it('ships a new version of one remote while the system runs, seen after a reload; rollback brings the old one back', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'ADM', { save: true });
    await page.goto(`${stack.base}/modules`);
    const versionOf = async () => {
      const row = await moduleLine(page, 'admin');
      await row.getByText('Correct').waitFor();
      return (/(\d+\.\d+\.\d+-[A-Za-z0-9._-]+)/.exec(await row.innerText()) ?? [])[1];
    };
    // The shell's entry (the chunks it loads later, on an idle moment, come and go with timing, not with deploys).
    const shellScripts = () =>
      page
        .locator('script[src]')
        .evaluateAll((scripts) =>
          scripts.map((s) => s.getAttribute('src')).filter((src) => src !== null && /^\/main\./.test(src)),
        );
    const before = await versionOf();
    const shellBefore = await shellScripts();
    assert.equal(shellBefore.length, 1, 'the shell has one entry script');
    const deploy = (...args: string[]) =>
      spawnSync('npm', ['run', '--silent', 'deploy', '--', ...args], {
        cwd: root,
        env: { ...process.env, DEPLOY_ROOT: stack.harness.system.deployRoot, BO_BUILD_ID: `e2e${Date.now()}` },
        encoding: 'utf8',
      });
    const shipped = deploy('admin');
    assert.equal(shipped.status, 0, shipped.stderr);
    const after = /-> (\S+)/.exec(shipped.stdout)?.[1];
    assert.ok(after && after !== before, shipped.stdout);

    await page.reload();
    assert.equal(await versionOf(), after);
    assert.deepEqual(await shellScripts(), shellBefore);
    // The new version runs in its own area.
    await page.goto(`${stack.base}/phrases`);
    await page.getByRole('heading', { name: 'Phrases', level: 1 }).waitFor();

    const listed = deploy('--list');
    assert.match(listed.stdout, new RegExp(`\\* ${after}`));
    assert.match(listed.stdout, new RegExp(`  ${before}`));

    const rolledBack = deploy('admin', '--rollback');
    assert.equal(rolledBack.status, 0, rolledBack.stderr);
    await page.goto(`${stack.base}/modules`);
    assert.equal(await versionOf(), before);
    await context.close();
  });
});

// The remote a request goes to (each remote has its own origin), or null for the shell and the API.
function remoteOf(request: Request): string | null {
  const port = Number(new URL(request.url()).port);
  return Object.entries(stack.harness.system.remotes).find(([, server]) => server.port === port)?.[0] ?? null;
}

// Matches the requests for a remote's mf-manifest.json.
function manifestOf(remote: string) {
  const port = String(stack.harness.system.remotes[remote as keyof typeof stack.harness.system.remotes].port);
  return (url: URL) => url.port === port && url.pathname.endsWith('/mf-manifest.json');
}

describe('loading', () => {
  it('a remote whose first two loads fail still mounts, tried again after 300 ms then 1 s', async () => {
    const token = await savedToken(stack.harness, 'COM');
    const { context, page } = await stack.harness.newPage();
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const attempts: number[] = [];
    await page.route(manifestOf('contacts'), (route) => {
      attempts.push(Date.now());
      return attempts.length <= 2 ? route.abort('connectionreset') : route.continue();
    });
    await page.goto(`${stack.base}/liste-contacts`);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    assert.equal(attempts.length, 3);
    assert.ok(attempts[1] - attempts[0] >= 280, `first pause: ${attempts[1] - attempts[0]} ms`);
    assert.ok(attempts[2] - attempts[1] >= 950, `second pause: ${attempts[2] - attempts[1]} ms`);
    assert.equal(await page.getByText('Ce module est momentanément indisponible').count(), 0);
    await context.close();
  });

  it('a remote that always fails shows the fallback once the retries are spent; its retry button still works', async () => {
    const token = await savedToken(stack.harness, 'COM');
    const { context, page } = await stack.harness.newPage();
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const manifest = manifestOf('reports');
    const attempts: number[] = [];
    await page.route(manifest, (route) => {
      attempts.push(Date.now());
      return route.abort('connectionrefused');
    });
    await page.goto(`${stack.base}/rapports/annuaire`);
    await page.getByText('Ce module est momentanément indisponible').waitFor();
    const shownAt = Date.now();
    assert.equal(attempts.length, 3);
    assert.ok(shownAt - attempts[0] >= 1_250, `fallback after ${shownAt - attempts[0]} ms`);
    await page.unroute(manifest);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: 'Annuaire', level: 1 }).waitFor();
    await context.close();
  });

  it('preloads the remote of the menu entry the pointer rests on or the keyboard reaches, once; the idle browser the others the roles open, never the rest', async () => {
    const token = await savedToken(stack.harness, 'COM');
    const { context, page } = await stack.harness.newPage();
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    // What the pointer and the keyboard start, told apart from what the idle browser starts.
    await holdIdleCallbacks(context);
    const requests: { remote: string; url: string }[] = [];
    page.on('request', (request) => {
      const remote = remoteOf(request);
      if (remote) requests.push({ remote, url: request.url() });
    });
    const asked = () => new Set(requests.map((r) => r.remote));
    const waitForRemote = async (remote: string) => {
      for (let i = 0; i < 200 && !asked().has(remote); i += 1) await page.waitForTimeout(50);
      assert.ok(asked().has(remote), `${remote} never downloaded: ${[...asked()].join(', ')}`);
    };

    // A page of the shell: no remote downloaded.
    await page.goto(`${stack.base}/mon-compte`);
    await page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
    await page.waitForTimeout(500);
    assert.deepEqual([...asked()], []);

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Rapports', { exact: true }).click();
    // The section opens with a motion: a pointer comes to rest on an entry once it is in place.
    await page.waitForFunction(() => document.querySelector('[class*="ant-motion-collapse"]') === null);
    await menu.getByRole('link', { name: 'Annuaire' }).hover();
    await waitForRemote('reports');
    assert.deepEqual([...asked()], ['reports']);

    await menu.getByText('Fiches de besoin', { exact: true }).click();
    await menu.getByRole('link', { name: 'Recherche de fiches' }).focus();
    await waitForRemote('needsSheets');
    assert.deepEqual([...asked()].sort(), ['needsSheets', 'reports']);

    // The click finds the remote there: nothing of it is downloaded twice.
    await menu.getByRole('link', { name: 'Annuaire' }).click();
    await page.getByRole('heading', { name: 'Annuaire', level: 1 }).waitFor();
    const urls = requests.map((r) => r.url);
    assert.deepEqual(urls, [...new Set(urls)], 'a file downloaded twice');
    assert.equal(urls.filter((url) => url.endsWith('mf-manifest.json')).length, 2);

    await releaseIdle(page);
    await waitForRemote('agenda');
    await waitForRemote('contacts');
    await page.waitForTimeout(1_000);
    // The administration remote is for administrators only.
    assert.ok(!asked().has('admin'), 'the admin remote was downloaded for a business team member');
    await context.close();
  });
});
