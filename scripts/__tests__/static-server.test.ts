import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type RunningServer } from '../static-server';

// What a browser coming back sees: files without a hash in their name are asked for again and answered 304 while
// its copy is current (ETag, Last-Modified); hashed chunks are never asked for again.
let dir: string;
let server: RunningServer;
let registry: Record<string, string>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bo-static-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Back office</title>');
  writeFileSync(path.join(dir, 'main.js'), 'console.log("entrée");'.repeat(50));
  writeFileSync(path.join(dir, '110.a7455265.js'), '// a chunk');
  registry = { agenda: 'agenda/0.1.0-aaaa1111/mf-manifest.json' };
  server = await startStaticServer({
    dirs: [dir],
    port: 0,
    spaFallback: '/index.html',
    generated: { '/remotes.json': () => registry, '/config.json': { appName: 'Back office' } },
  });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers: { 'accept-encoding': 'gzip', ...headers } });

test('an unhashed file is revalidated: 304 with its ETag, 200 with the new content once it changed', async () => {
  const first = await get('/main.js');
  expect(first.status).toBe(200);
  expect(first.headers.get('cache-control')).toBe('no-cache');
  expect(first.headers.get('content-encoding')).toBe('gzip');
  expect(await first.text()).toContain('entrée');
  const etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
  expect(first.headers.get('last-modified')).not.toBeNull();

  const again = await get('/main.js', { 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('cache-control')).toBe('no-cache');
  expect(await again.text()).toBe('');
  // The same copy asked for without gzip (another representation, the same content) is current too.
  expect((await fetch(`${server.url}/main.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);

  // A deploy writes the file anew: the old validator no longer matches.
  writeFileSync(path.join(dir, 'main.js'), 'console.log("nouvelle entrée");');
  utimesSync(path.join(dir, 'main.js'), new Date(), new Date(Date.now() + 5_000));
  const changed = await get('/main.js', { 'if-none-match': etag });
  expect(changed.status).toBe(200);
  expect(await changed.text()).toBe('console.log("nouvelle entrée");');
  expect(changed.headers.get('etag')).not.toBe(etag);
});

test('If-Modified-Since alone is answered 304 until the file changes', async () => {
  const lastModified = (await get('/main.js')).headers.get('last-modified') ?? '';
  expect((await get('/main.js', { 'if-modified-since': lastModified })).status).toBe(304);
  utimesSync(path.join(dir, 'main.js'), new Date(), new Date(Date.now() + 5_000));
  expect((await get('/main.js', { 'if-modified-since': lastModified })).status).toBe(200);
});

test('a page of the application (the single-page fallback) is revalidated like a file', async () => {
  const page = await get('/agenda');
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const etag = page.headers.get('etag') ?? '';
  expect((await get('/agenda', { 'if-none-match': etag })).status).toBe(304);
  expect((await get('/liste-contacts', { 'if-none-match': etag })).status).toBe(304);
});

test('a hashed chunk is cached for good', async () => {
  const chunk = await get('/110.a7455265.js');
  expect(chunk.status).toBe(200);
  expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('the generated JSON is revalidated by its content: 304 while the same, 200 once the registry moved', async () => {
  const first = await get('/remotes.json');
  expect(first.headers.get('cache-control')).toBe('no-cache');
  expect(await first.json()).toEqual(registry);
  const etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^"[^"]+"$/);
  expect((await get('/remotes.json', { 'if-none-match': etag })).status).toBe(304);
  expect((await get('/config.json', { 'if-none-match': etag })).status).toBe(200);

  registry = { agenda: 'agenda/0.1.0-bbbb2222/mf-manifest.json' };
  const moved = await get('/remotes.json', { 'if-none-match': etag });
  expect(moved.status).toBe(200);
  expect(await moved.json()).toEqual(registry);
});
