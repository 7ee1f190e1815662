import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import runOutputs from '../run-outputs.cjs';

// One idea per file: no source file is over 400 lines once formatted. Migrations (one dated change of the schema
// each), tests and benchmarks are left out: their length follows what they hold, not how the code is cut.
const MAX_LINES = 400;
const root = path.resolve(__dirname, '../..');
const skipped = new Set([...runOutputs.anywhere, '.git']);
const skippedFromRoot = new Set(runOutputs.fromRoot.map((folder) => path.join(root, folder)));
const sourceFolders = ['api', 'shared', 'remotes', 'shell', 'scripts'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const leftOut =
        skipped.has(entry.name) || skippedFromRoot.has(full) || ['migrations', 'bench'].includes(entry.name);
      return leftOut ? [] : sourcesUnder(full);
    }
    return /\.(?:ts|tsx|cjs|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('source files', () => {
  it(`hold one idea each: none is over ${MAX_LINES} lines (migrations, tests and benchmarks aside)`, () => {
    const files = sourceFolders.flatMap((folder) => sourcesUnder(path.join(root, folder)));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => [path.relative(root, file), readFileSync(file, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
