import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { API_HEAP_MB, apiDevNodeFlags, apiNodeFlags, apiSource } from './node-flags';

test("the API workspace's start script runs the sources with the dev flags", () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  assert.equal(scripts.start, `node ${apiDevNodeFlags.join(' ')} src/main.ts`);
  assert.equal(apiSource('main'), fileURLToPath(new URL('main.ts', import.meta.url)));
});

test('an instance started with either set of flags has the heap budget', () => {
  for (const set of [apiNodeFlags, apiDevNodeFlags]) assert.ok(set.includes(`--max-old-space-size=${API_HEAP_MB}`));
  const flags = apiNodeFlags.filter((flag) => flag.startsWith('--max-old-space-size'));
  const limit = Number(
    execFileSync(process.execPath, [...flags, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit'], {
      encoding: 'utf8',
    }),
  );
  // The limit is the old space's budget and the young generation's.
  assert.ok(limit >= API_HEAP_MB * 1024 * 1024 && limit < (API_HEAP_MB + 64) * 1024 * 1024, String(limit));
});
