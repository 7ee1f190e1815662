import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { API_HEAP_MB, apiNodeFlags } from './node-flags';

test("the API workspace's start script runs with the same flags as npm start and the benchmarks", () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  assert.equal(scripts.start, `node ${apiNodeFlags.join(' ')} src/main.ts`);
});

test('an instance started with the flags has the heap budget', () => {
  const flags = apiNodeFlags.filter((flag) => flag.startsWith('--max-old-space-size'));
  const limit = Number(
    execFileSync(process.execPath, [...flags, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit'], {
      encoding: 'utf8',
    }),
  );
  // The limit is the old space's budget and the young generation's.
  assert.ok(limit >= API_HEAP_MB * 1024 * 1024 && limit < (API_HEAP_MB + 64) * 1024 * 1024, String(limit));
});
