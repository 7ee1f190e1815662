import { appRoutes, canOpen, type RoleFlags } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { DEMO_PASSWORD, login, networkQuiet, ports, useStack } from './harness';

const stack = useStack();

const roles: Record<string, RoleFlags> = {
  ADM: { admin: true, businessLeader: false, businessTeam: false, recruitmentTeam: false },
  DIR: { admin: false, businessLeader: true, businessTeam: false, recruitmentTeam: false },
  COM: { admin: false, businessLeader: false, businessTeam: true, recruitmentTeam: false },
  REC: { admin: false, businessLeader: false, businessTeam: false, recruitmentTeam: true },
};

describe('login', () => {
  it('shows both messages when submitted empty', async () => {
    const { context, page } = await stack.harness.newPage();
    await page.goto(`${stack.base}/liste-contacts`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Trigramme requis').waitFor();
    await page.getByText('Merci de saisir votre mot de passe').waitFor();
    await context.close();
  });

  it('refuses a trigram that does not match the pattern', async () => {
    const { context, page } = await stack.harness.newPage();
    await page.goto(stack.base);
    await page.getByLabel('Trigramme').fill('A1B');
    await page.getByLabel('Mot de passe').fill('x');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Trigramme non valide').waitFor();
    await context.close();
  });

  it('shows the catalogue text for a wrong password', async () => {
    const { context, page } = await stack.harness.newPage();
    await page.goto(stack.base);
    await page.getByLabel('Trigramme').fill('com');
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText("Echec de l'autentification").first().waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Menu principal' }).count(), 0);
    await context.close();
  });

  it('lands on /agenda, sends the password encrypted, and an unsaved session ends with the page', async () => {
    const { context, page } = await stack.harness.newPage();
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/user/login')) bodies.push(request.postData() ?? '');
    });
    await login(page, stack.base, 'com', { save: false });
    assert.equal(new URL(page.url()).pathname, '/agenda');
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    assert.equal(bodies.length, 1);
    assert.ok(!bodies[0].includes(DEMO_PASSWORD), 'the password never travels in clear');
    assert.ok(bodies[0].includes('name="trigram"\r\n\r\nCOM'), 'the trigram is sent upper-cased');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.reload();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await context.close();
  });

  it('lands on the first page without an error toast: nothing is asked of the API before the session exists', async () => {
    const { context, page } = await stack.harness.newPage();
    const withoutToken: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.origin !== stack.harness.system.api.url ||
        request.method() === 'OPTIONS' ||
        url.pathname === '/user/login'
      )
        return;
      if (!request.headers().authorization) withoutToken.push(`${request.method()} ${url.pathname}`);
    });
    await login(page, stack.base, 'COM', { save: false });
    assert.equal(new URL(page.url()).pathname, '/agenda');
    // The agenda's calendar is drawn and its requests have answered: a refused request's toast would show by now.
    await page.locator('.fc-daygrid').first().waitFor();
    await networkQuiet(page);
    assert.deepEqual(withoutToken, []);
    assert.equal(await page.locator('.Toastify__toast--error').count(), 0);
    await context.close();
  });

  it('keeps a saved session across a reload, and the switch starts on', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'DIR', { save: true });
    assert.ok(await page.evaluate(() => localStorage.getItem('token')));
    await page.reload();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await context.close();
  });

  it('starts the save switch on when a token is already stored', async () => {
    const { context, page } = await stack.harness.newPage();
    await page.goto(stack.base);
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.reload();
    // The stored token is refused (tokenInvalid) and cleared; the card comes back.
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await context.close();
  });
});

describe('roles, menu and guards', () => {
  for (const [trigram, role] of Object.entries(roles)) {
    it(`${trigram} sees exactly the pages its roles open`, async () => {
      const { context, page } = await stack.harness.newPage();
      await login(page, stack.base, trigram, { save: true });
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      // Open every section so every link is in the page.
      const closed = menu.locator('.ant-menu-submenu-title[aria-expanded="false"]');
      while ((await closed.count()) > 0) {
        await closed.first().click();
        await page.waitForTimeout(50);
      }
      const links = (await menu.getByRole('link').all()).map((l) => l.getAttribute('href'));
      const hrefs = (await Promise.all(links)).sort();
      const expected = appRoutes
        .filter((r) => r.inMenu && canOpen(r, role))
        .map((r) => r.path)
        .sort();
      assert.deepEqual(hrefs, expected);
      for (const route of appRoutes.filter((r) => r.owner !== 'shell')) {
        await page.goto(`${stack.base}${route.path}`);
        if (canOpen(route, role)) {
          await page.getByRole('heading', { name: route.title, level: 1 }).waitFor();
        } else {
          await page.getByRole('heading', { name: 'Accès interdit' }).waitFor();
          await page.getByText('Vos droits ne sont pas suffisants pas pour afficher cette page.').waitFor();
        }
      }
      await page.goto(`${stack.base}/nulle-part`);
      await page.getByRole('heading', { name: 'Page Non Trouvée' }).waitFor();
      await page.getByRole('button', { name: 'Retour à l’accueil' }).click();
      await page.waitForURL(`${stack.base}/agenda`);
      await context.close();
    });
  }

  it('a non-admin never downloads the admin remote; an admin does', async () => {
    const adminOrigin = `http://localhost:${ports.remoteBase + 4}`;
    for (const [trigram, expectAdmin] of [
      ['DIR', false],
      ['ADM', true],
    ] as const) {
      const { context, page } = await stack.harness.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await login(page, stack.base, trigram, { save: true });
      for (const route of appRoutes) {
        if (route.owner === 'shell' || !canOpen(route, roles[trigram])) continue;
        await page.goto(`${stack.base}${route.path}`);
        await page.getByRole('heading', { name: route.title, level: 1 }).waitFor();
      }
      await page.goto(`${stack.base}/gestion-taches`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const fromAdmin = requested.filter((url) => url.startsWith(adminOrigin));
      assert.equal(fromAdmin.length > 0, expectAdmin, `${trigram}: ${fromAdmin.join(', ')}`);
      await context.close();
    }
  });

  it('React and the session load once across the shell and the remotes', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'ADM');
    // Client-side navigation (no reload) through a page of every remote.
    for (const route of ['/liste-contacts', '/fiches-de-besoin', '/rapports/annuaire', '/phrases', '/agenda']) {
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      const title = appRoutes.find((r) => r.path === route)?.title ?? '';
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    }
    const report = await page.evaluate(() => {
      const runtime = globalThis.__BO_RUNTIME__;
      return {
        clientLoads: runtime?.clientLoads ?? 0,
        apps: runtime?.reacts.map((r) => r.app).sort() ?? [],
        distinctReacts: new Set(runtime?.reacts.map((r) => r.react)).size,
      };
    });
    assert.equal(report.clientLoads, 1, 'one session module');
    assert.deepEqual(report.apps, ['admin', 'agenda', 'contacts', 'needsSheets', 'reports']);
    assert.equal(report.distinctReacts, 1, 'one React');
    await context.close();
  });
});

describe('security headers of the front ends', () => {
  const remoteOrigins = Array.from({ length: 5 }, (_, index) => `http://localhost:${ports.remoteBase + index}`);
  const apiOrigin = `http://localhost:${ports.api}`;
  const directives = (header: string | null) =>
    new Map(
      (header ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values] as const),
    );

  it('the shell allows scripts from itself and the remotes only, calls to them and the API only, and no framing', async () => {
    for (const path of ['/', '/liste-contacts', '/config.json', '/app.css']) {
      const answer = await fetch(`${stack.base}${path}`);
      assert.equal(answer.headers.get('x-frame-options'), 'DENY', path);
      const policy = directives(answer.headers.get('content-security-policy'));
      assert.deepEqual(policy.get('script-src'), ["'self'", ...remoteOrigins], path);
      assert.deepEqual(policy.get('connect-src'), ["'self'", ...remoteOrigins, apiOrigin], path);
      assert.deepEqual(policy.get('default-src'), ["'self'"], path);
      assert.deepEqual(policy.get('object-src'), ["'none'"], path);
      assert.deepEqual(policy.get('frame-ancestors'), ["'none'"], path);
    }
    // A remote's origin serves the shell code and data, never a page to run or frame.
    const registry = (await (await fetch(`${stack.base}/remotes.json`)).json()) as Record<string, string>;
    assert.deepEqual(
      Object.values(registry)
        .map((manifest) => new URL(manifest).origin)
        .sort(),
      [...remoteOrigins].sort(),
    );
    for (const manifest of Object.values(registry)) {
      const answer = await fetch(manifest);
      assert.equal(answer.status, 200, manifest);
      assert.equal(
        answer.headers.get('content-security-policy'),
        "default-src 'none'; frame-ancestors 'none'",
        manifest,
      );
      assert.equal(answer.headers.get('x-frame-options'), 'DENY', manifest);
    }
  });

  it('every remote page works under the policy, with no violation reported; another page cannot frame the shell', async () => {
    const { context, page } = await stack.harness.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await login(page, stack.base, 'ADM', { save: true });
    for (const path of [
      '/agenda',
      '/liste-contacts',
      '/fiches-de-besoin',
      '/rapports/stats',
      '/gestion-taches',
      '/mon-compte',
    ]) {
      await page.goto(`${stack.base}${path}`);
      const title = appRoutes.find((route) => route.path === path)?.title ?? '';
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    }
    assert.deepEqual(violations, []);

    // Framed by a page of another origin: Chromium refuses to show the shell in the frame.
    await page.goto('about:blank');
    await page.setContent(`<iframe src="${stack.base}/" title="Cadre"></iframe>`);
    const frame = page.frameLocator('iframe[title="Cadre"]');
    const framed = page.frames().find((candidate) => candidate !== page.mainFrame());
    assert.ok(framed);
    for (let wait = 0; wait < 60 && !framed.url().startsWith('chrome-error:'); wait += 1) {
      assert.equal(
        await frame.getByRole('button', { name: 'Se connecter' }).count(),
        0,
        'the login card shows in a frame',
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.match(framed.url(), /^chrome-error:/);
    await context.close();
  });
});

describe('failure isolation', () => {
  it('a stopped remote shows its fallback while the other remotes keep working', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'COM', { save: true });
    await stack.harness.system.remotes.contacts.close();
    try {
      await page.goto(`${stack.base}/liste-contacts`);
      await page.getByText('Ce module est momentanément indisponible').waitFor();
      // The layout is still there, and another remote's page still works.
      await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
      await page.goto(`${stack.base}/fiches-de-besoin`);
      await page.getByRole('heading', { name: 'Fiches de besoin', level: 1 }).waitFor();
      await page.goto(`${stack.base}/liste-contacts`);
      await page.getByText('Ce module est momentanément indisponible').waitFor();
    } finally {
      await stack.harness.system.restartRemote('contacts');
    }
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await context.close();
  });

  it('a remote that never answers shows its fallback once the load time-out passes', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'COM', { save: true });
    await stack.harness.system.remotes.reports.close();
    // Accepts connections and never answers, like a remote server that hangs.
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(ports.remoteBase + 3, '127.0.0.1', resolve));
    try {
      await page.goto(`${stack.base}/rapports/annuaire`);
      await page.getByText('Chargement de la page…').waitFor();
      await page.getByText('Ce module est momentanément indisponible').waitFor({ timeout: 40_000 });
      await page.getByText(/délai de chargement dépassé/).waitFor();
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
      await stack.harness.system.restartRemote('reports');
    }
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: 'Annuaire', level: 1 }).waitFor();
    await context.close();
  });

  it("says 'API indisponible' when the API is down, and recovers when it is back", async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'REC', { save: true });
    await stack.harness.system.api.stop();
    try {
      await page.reload();
      await page.getByText('API indisponible').first().waitFor();
      await page.getByRole('button', { name: 'Réessayer' }).waitFor();
    } finally {
      await stack.harness.system.api.start();
    }
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    await context.close();
  });
});
