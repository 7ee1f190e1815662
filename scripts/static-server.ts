// A small static server for a built front end: gzip, long cache for hashed files, validators (ETag,
// Last-Modified) so that the rest is revalidated with a 304 rather than downloaded again, CORS (remotes' manifests
// are fetched from the shell's origin), and an optional single-page fallback for the shell.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { compressibleExtensions, contentTypes, hashedFilePattern } from './front-files';

const types = contentTypes;

export type StaticServerOptions = {
  dirs: string[];
  port: number;
  host?: string;
  spaFallback?: string;
  // Files answered from memory (config.json), or computed on each request (remotes.json).
  generated?: Record<string, unknown | (() => unknown)>;
  // Sent with every answer (security-headers.ts).
  headers?: Record<string, string>;
};

export type RunningServer = { url: string; port: number; close: () => Promise<void> };

const gzipCache = new Map<string, { mtime: number; body: Buffer }>();

async function gzipped(file: string): Promise<Buffer> {
  const mtime = statSync(file).mtimeMs;
  const cached = gzipCache.get(file);
  if (cached && cached.mtime === mtime) return cached.body;
  const body = gzipSync(await readFile(file));
  gzipCache.set(file, { mtime, body });
  return body;
}

// A file's validator, as nginx makes it: its modification time (to the millisecond here) and its size. Its gzipped
// copy is another representation of the same content: its validator is the weak form (nginx's gzip does the same).
function fileTag(stats: Stats): string {
  return `"${Math.floor(stats.mtimeMs).toString(16)}-${stats.size.toString(16)}"`;
}

// True when the client's copy is still the current one (RFC 9110, 13.1): If-None-Match, compared weakly, wins
// over If-Modified-Since.
function notModified(req: http.IncomingMessage, etag: string, lastModified?: Date): boolean {
  const strong = etag.replace(/^W\//, '');
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const candidate = tag.trim();
      return candidate === '*' || candidate.replace(/^W\//, '') === strong;
    });
  }
  const ifModifiedSince = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return lastModified !== undefined && !Number.isNaN(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince;
}

function resolveFile(dirs: string[], urlPath: string): string | null {
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.(\/|$))+/, '');
  for (const dir of dirs) {
    const file = path.join(dir, clean);
    if (!file.startsWith(dir)) continue;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

export function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const dirs = options.dirs.map((d) => path.resolve(d));
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      const generated = options.generated?.[url.pathname];
      if (generated !== undefined) {
        const body = JSON.stringify(typeof generated === 'function' ? generated() : generated);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('ETag', etag);
        if (notModified(req, etag)) {
          res.writeHead(304).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': types['.json'] });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      let file = url.pathname === '/' ? null : resolveFile(dirs, url.pathname);
      if (!file && options.spaFallback && !path.extname(url.pathname)) file = resolveFile(dirs, options.spaFallback);
      if (!file) {
        res.writeHead(404, { 'Content-Type': types['.txt'] }).end('Not found');
        return;
      }
      const ext = path.extname(file);
      const stats = statSync(file);
      // Chunks carry their content's hash: cached for good; the rest is checked on each use (front-files.ts), and
      // answered 304 while the browser's copy is current.
      const hashed = hashedFilePattern.test(file);
      const compressible = (compressibleExtensions as readonly string[]).includes(ext);
      const gzip = compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const etag = gzip ? `W/${fileTag(stats)}` : fileTag(stats);
      const lastModified = new Date(Math.floor(stats.mtimeMs / 1000) * 1000);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', lastModified.toUTCString());
      if (compressible) res.setHeader('Vary', 'Accept-Encoding');
      if (notModified(req, etag, lastModified)) {
        res.writeHead(304).end();
        return;
      }
      res.setHeader('Content-Type', types[ext] ?? 'application/octet-stream');
      if (gzip) {
        const body = await gzipped(file);
        res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, { 'Content-Length': stats.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://localhost:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
