import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import runOutputs from '../run-outputs.cjs';

// A test file that no runner collects is a test that silently never runs: every *.test.ts(x) of the tree must be
// in jest's list, or in the list of the runner of its own folder (the API's and the browser tests').
const root = path.resolve(__dirname, '../..');
const ownRunners = ['api', 'e2e'];
// What the product writes as it runs holds no test of the tree (scripts/run-outputs.cjs).
const skipped = new Set([...runOutputs.anywhere, '.git']);
const skippedFromRoot = new Set(runOutputs.fromRoot.map((folder) => path.join(root, folder)));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) || skippedFromRoot.has(full) ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (files: string[]) => files.map((file) => path.relative(root, file)).sort();
const outside = (file: string) => !ownRunners.some((runner) => file.startsWith(`${runner}${path.sep}`));

// The files a workspace's `npm test` hands to node's test runner, as its shell expands them.
function filesOfTestScript(workspace: string): string[] {
  const cwd = path.join(root, workspace);
  const { scripts } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { scripts: { test: string } };
  const args = execFileSync('sh', ['-c', `for arg in ${scripts.test.replace(/^node\s/, '')}; do echo "$arg"; done`], {
    cwd,
    encoding: 'utf8',
  });
  return args
    .split('\n')
    .filter((arg) => arg !== '' && !arg.startsWith('-') && arg !== 'tsx')
    .map((arg) => path.relative(root, path.resolve(cwd, arg)))
    .sort();
}

describe('test collection', () => {
  const found = relative(testFiles(root));

  it('finds the test files of the tree (the walk itself works)', () => {
    expect(found).toContain(path.join('shared', 'contracts', 'src', '__tests__', 'routes.test.ts'));
    expect(found.some((file) => file.startsWith(`api${path.sep}`))).toBe(true);
  });

  it('runs every front-end and shared test file with jest', () => {
    const listed = execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/jest/bin/jest.js'), '--listTests', '--json'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(relative(JSON.parse(listed) as string[])).toEqual(found.filter(outside));
  }, 60_000);

  it.each(ownRunners)('runs every test file of %s with its own runner', (workspace) => {
    expect(filesOfTestScript(workspace)).toEqual(found.filter((file) => file.startsWith(`${workspace}${path.sep}`)));
  });
});
