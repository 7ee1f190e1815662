import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import runOutputs from '../run-outputs.cjs';

// `npm start` then `npm test`, as the README says: what the product wrote on the way (built remotes deployed, the
// embedded database, builds) is neither linted, type-checked nor collected as tests. Each folder of the list gets a
// file that would fail all three, and each tool is asked about it.
const root = path.resolve(__dirname, '../..');
const probeName = 'run-output-probe';
// A folder of each kind, where the product writes it: at the root or deeper for those found at any depth.
const folders = [
  ...runOutputs.anywhere
    .filter((folder) => folder !== 'node_modules' && folder !== '__lint-probe__')
    .flatMap((folder) => [folder, `api/${folder}`]),
  ...runOutputs.fromRoot,
];
const probes = folders.map((folder) => path.join(folder, probeName, 'probe.test.ts'));
const failing =
  "const unused: any = 1;\ntest('fails', () => { throw new Error('a run output was collected'); });\nconst typed: number = 'text';\n";

describe('what the product writes as it runs', () => {
  const created: string[] = [];
  beforeAll(() => {
    for (const probe of probes) {
      // Only what the probe makes is removed afterwards: a real data/ or deploy/ is left as it is.
      let made = path.join(root, path.dirname(probe));
      while (!existsSync(path.dirname(made))) made = path.dirname(made);
      created.push(made);
      mkdirSync(path.join(root, path.dirname(probe)), { recursive: true });
      writeFileSync(path.join(root, probe), failing);
    }
  });
  afterAll(() => {
    for (const dir of created) rmSync(dir, { recursive: true, force: true });
  });

  it('is the list of folders .gitignore names', () => {
    const ignored = readFileSync(path.join(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.endsWith('/'))
      .map((line) => line.replace(/\/$/, ''));
    expect([...runOutputs.anywhere, ...runOutputs.fromRoot].sort()).toEqual(ignored.sort());
  });

  it('is left out by the type checker', () => {
    const { exclude } = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as { exclude: string[] };
    expect(exclude).toEqual([...runOutputs.anywhere.map((folder) => `**/${folder}`), ...runOutputs.fromRoot]);
    const listed = execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--listFilesOnly'],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(listed).toContain(path.join(root, 'scripts', 'build.ts'));
    expect(listed.split('\n').filter((file) => file.includes(probeName))).toEqual([]);
  }, 180_000);

  it('is left out by the linter', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', ...probes],
      { cwd: root, encoding: 'utf8' },
    );
    const results = JSON.parse(run.stdout) as {
      filePath: string;
      errorCount: number;
      messages: { message: string }[];
    }[];
    expect(results.map((result) => path.relative(root, result.filePath)).sort()).toEqual([...probes].sort());
    for (const result of results) {
      expect(result.errorCount).toBe(0);
      expect(result.messages.map((message) => message.message)).toEqual([
        expect.stringMatching(/ignored because of a matching ignore pattern/),
      ]);
    }
  }, 120_000);

  it('is collected by no test runner', () => {
    const listed = execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/jest/bin/jest.js'), '--listTests', '--json'],
      { cwd: root, encoding: 'utf8' },
    );
    expect((JSON.parse(listed) as string[]).filter((file) => file.includes(probeName))).toEqual([]);
    for (const workspace of ['api', 'e2e']) {
      const { scripts } = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
        scripts: { test: string };
      };
      const files = execFileSync(
        'sh',
        ['-c', `for arg in ${scripts.test.replace(/^node\s/, '')}; do echo "$arg"; done`],
        { cwd: path.join(root, workspace), encoding: 'utf8' },
      );
      expect(files.split('\n').filter((file) => file.includes(probeName))).toEqual([]);
    }
  }, 60_000);
});
