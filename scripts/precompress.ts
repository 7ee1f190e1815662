// Writes `<file>.gz` and `<file>.br` beside each compressible file of a built front end, once, at build time: nginx
// sends them as they are (gzip_static, brotli_static) to a browser that accepts them, and spends no CPU per request.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compressibleExtensions } from './front-files';

// Below this size the compressed copy saves less than its headers cost.
const minimumBytes = 256;
// Source maps are read by developer tools only, and take most of the time brotli's best quality needs.
const skipped = new Set(['.map']);

function* compressibleFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(full);
    else if (
      (compressibleExtensions as readonly string[]).includes(path.extname(entry.name)) &&
      !skipped.has(path.extname(entry.name))
    )
      yield full;
  }
}

// A copy is written again when its file is newer than it; returns how many files got fresh copies.
export function precompress(dir: string): number {
  if (!existsSync(dir)) return 0;
  let written = 0;
  for (const file of compressibleFiles(dir)) {
    const { size, mtimeMs } = statSync(file);
    if (size < minimumBytes) continue;
    const fresh = (copy: string) => existsSync(copy) && statSync(copy).mtimeMs >= mtimeMs;
    if (fresh(`${file}.gz`) && fresh(`${file}.br`)) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    written += 1;
  }
  return written;
}
