// A small static server for a built front end: gzip, long cache for hashed files, CORS (remotes' manifests
// are fetched from the shell's origin), and an optional single-page fallback for the shell.
import { createReadStream, existsSync, statSync } from 'node:fs';
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
        res.writeHead(200, { 'Content-Type': types['.json'], 'Cache-Control': 'no-cache' });
        res.end(JSON.stringify(typeof generated === 'function' ? generated() : generated));
        return;
      }
      let file = url.pathname === '/' ? null : resolveFile(dirs, url.pathname);
      if (!file && options.spaFallback && !path.extname(url.pathname)) file = resolveFile(dirs, options.spaFallback);
      if (!file) {
        res.writeHead(404, { 'Content-Type': types['.txt'] }).end('Not found');
        return;
      }
      const ext = path.extname(file);
      // Chunks carry their content's hash: cached for good; the rest is checked on each use (front-files.ts).
      const hashed = hashedFilePattern.test(file);
      res.setHeader('Content-Type', types[ext] ?? 'application/octet-stream');
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (acceptsGzip && (compressibleExtensions as readonly string[]).includes(ext)) {
        const body = await gzipped(file);
        res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': body.length, Vary: 'Accept-Encoding' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200);
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
