// Production mode (docs/production.md): `npm run serve:prod`'s code on test ports, two API instances on a
// fresh PostgreSQL database behind nginx over TLS, one origin for the shell, the remotes and the API. A person works
// through it; an instance stopped while a page reads its data costs that page nothing; the files are sent the way a
// browser caches and decompresses them.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createBenchDatabase } from '../../api/bench/bench-database';
import { hashedFilePattern } from '../../scripts/front-files';
import { backInRotation, brotliModule } from '../../scripts/production/nginx-config';
import { nginxPath } from '../../scripts/production/nginx-process';
import { startProduction, type ProductionSystem } from '../../scripts/production/production-system';
import { addFirstTodoFromStandby, frenchBrowser, launchBrowser, login, ports } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');

// What the file needs and this machine may not have: the test is skipped, saying which.
async function missing(): Promise<{
  reason: string | false;
  database: Awaited<ReturnType<typeof createBenchDatabase>> | null;
}> {
  if (!existsSync(nginxPath()))
    return { reason: `nginx is missing (${nginxPath()}): apt-get install nginx, or set NGINX_PATH`, database: null };
  if (!existsSync(brotliModule))
    return {
      reason: `nginx's brotli static module is missing (${brotliModule}): apt-get install libnginx-mod-http-brotli-static`,
      database: null,
    };
  try {
    return { reason: false, database: await createBenchDatabase(serverUrl, 'bo_e2e_production') };
  } catch (error) {
    return {
      reason: `PostgreSQL is unreachable at ${serverUrl.host} (${String(error)}): set DATABASE_URL`,
      database: null,
    };
  }
}
const { reason, database } = await missing();

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

describe('production mode behind nginx', { skip: reason }, () => {
  let system: ProductionSystem;
  let browser: Browser;
  let dataDir: string;
  let token = '';

  // A request as a program makes it, trusting the certificate the system made (no decompression: the bytes sent).
  const request = (target: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const ca = readFileSync(path.join(dataDir, 'tls', 'localhost.crt'));
      https
        .get(new URL(target, system.url), { ca, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  const api = async <T>(route: string): Promise<T> => {
    const answer = await request(`/api${route}`, { authorization: `Bearer ${token}`, accept: 'application/json' });
    assert.equal(answer.status, 200, `${route}: ${answer.body.toString()}`);
    return (JSON.parse(answer.body.toString()) as { data: T }).data;
  };
  const newPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      ...frenchBrowser,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript((value) => value && localStorage.setItem('token', value), token);
    return { context, page: await context.newPage() };
  };

  before(async () => {
    assert.ok(database);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-production-'));
    system = await startProduction({
      dataDir,
      deployRoot: path.join(dataDir, 'deploy'),
      databaseUrl: database.url,
      instances: 2,
      apiPortBase: ports.api,
      port: ports.shell,
      tls: { redirectFrom: null },
      quiet: true,
      chunkLoadTimeoutMs: 15_000,
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await system?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a person logs in and works on one origin: agenda, contacts, a needs sheet, a report, a write read back', async () => {
    const { context, page } = await newPage();
    const elsewhere: string[] = [];
    page.on('request', (sent) => {
      if (!sent.url().startsWith(`${system.url}/`) && !sent.url().startsWith('data:')) elsewhere.push(sent.url());
    });
    await login(page, system.url, 'DIR', { save: true });
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    assert.ok(token, 'the saved session leaves its token');
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();

    await page.goto(`${system.url}/liste-contacts`);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();

    const sheets = await api<{ items: { id: number; reference: string; title: string }[] }>(
      '/needs?scope=all&perPage=1',
    );
    const [sheet] = sheets.items;
    assert.ok(sheet, 'the demo data has needs sheets');
    await page.goto(`${system.url}/fiches-de-besoin?scope=all&sheet=${sheet.id}`);
    await page.getByText(`Fiche ${sheet.reference} : ${sheet.title}`).first().waitFor();

    await page.goto(`${system.url}/rapports/annuaire`);
    await page.getByRole('heading', { name: 'Annuaire', level: 1 }).waitFor();

    // The write: a standby contact's first todo, which takes it out of the standby lists on screen.
    const [tasks, standby] = await Promise.all([
      api<{ description: string }[]>('/tasks'),
      api<{ allContacts: { firstName: string; lastName: string }[] }>('/user/contacts/standby'),
    ]);
    const contact = standby.allContacts[0];
    assert.ok(contact, 'the demo data has contacts en veille');
    const tab = (count: number) =>
      page.getByRole('tab', { name: `Tous les contacts (${count.toLocaleString('fr-FR')})` });
    await page.goto(`${system.url}/liste-contacts-veille?tab=all`);
    await tab(standby.allContacts.length).waitFor();
    await addFirstTodoFromStandby(page, contact, tasks[0].description);
    await page.reload();
    await tab(standby.allContacts.length - 1).waitFor();

    assert.deepEqual(elsewhere, [], 'every request stays on the one origin');
    await context.close();
  });

  it('an instance stopped while a page reads its list: the page still shows its data, the instance comes back', async () => {
    const { context, page } = await newPage();
    await page.goto(`${system.url}/agenda`);
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    // Each instance in turn gets SIGTERM as the list's read leaves the browser, whichever instance it reaches.
    for (const instance of system.instances) {
      const read = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/companies');
      const opened = page.goto(`${system.url}/liste-societes`);
      await read;
      const stopped = instance.stop();
      await opened;
      await page.getByRole('heading', { name: 'Sociétés', level: 1 }).waitFor();
      await page.getByRole('row').nth(1).waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, 'no error shown');
      await stopped;
      // With one instance down, the API still answers, through the other one.
      const companies = await api<{ total: number }>('/companies?perPage=1');
      assert.ok(companies.total > 0);
      await instance.start();
      // As a rolling restart does (docs/production.md): the next one stops once nginx has this one back.
      await backInRotation();
      await page.goto(`${system.url}/agenda`);
      await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    }
    await context.close();
  });

  it('sends hashed chunks immutable and compressed, the registry and the page no-cache, with the CSP', async () => {
    const page = await request('/liste-societes');
    assert.equal(page.status, 200);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, /default-src 'self'/);
    assert.match(policy, /connect-src 'self';/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal((await request('/missing.js')).status, 404);

    const config = JSON.parse((await request('/config.json')).body.toString()) as { apiUrl: string };
    assert.equal(config.apiUrl, `${system.url}/api`);

    const registry = await request('/remotes.json');
    assert.equal(registry.headers['cache-control'], 'no-cache');
    const manifests = Object.values(JSON.parse(registry.body.toString()) as Record<string, string>);
    assert.equal(manifests.length, 5);
    for (const manifest of manifests) {
      assert.ok(manifest.startsWith(`${system.url}/remotes/`), manifest);
      const answer = await request(manifest);
      assert.equal(answer.status, 200, manifest);
      assert.equal(answer.headers['cache-control'], 'no-cache');
    }

    const shellDist = path.join(root, 'shell', 'dist');
    const chunk = readdirSync(shellDist, { recursive: true, encoding: 'utf8' }).find(
      (file) => hashedFilePattern.test(file) && file.endsWith('.js') && existsSync(path.join(shellDist, `${file}.br`)),
    );
    assert.ok(chunk, 'the build wrote a .br beside its chunks (npm run build)');
    const brotli = await request(`/${chunk}`, { 'accept-encoding': 'gzip, br' });
    assert.equal(brotli.status, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.deepEqual(brotliDecompressSync(brotli.body), readFileSync(path.join(shellDist, chunk)));
    const gzip = await request(`/${chunk}`, { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
  });
});
