import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Each architecture rule of the lint configuration, proven to report a deliberate violation at a realistic path
// (and to let the allowed form pass, so that a rule reporting everything would fail too).
const root = path.resolve(__dirname, '../..');
// A throw-away remote (ignored by git and by the main lint run): rules that resolve imports need real files.
const probe = path.join('remotes', '__lint-probe__');

type Case = { name: string; filePath: string; code: string; expected: string[] };

const files: Record<string, string> = {
  'src/cycle/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
  'src/cycle/b.ts': "import { a } from './a';\nexport const b = () => a();\n",
  'src/features/alpha/components/alpha.ts': "export const alpha = 'alpha';\n",
  'src/features/alpha/utils/alpha-label.ts': "export const alphaLabel = 'label';\n",
  'src/features/beta/components/beta.ts': "export const beta = 'beta';\n",
};

const cases: Case[] = [
  {
    name: 'a two-file cycle',
    filePath: path.join(probe, 'src/cycle/a.ts'),
    code: files['src/cycle/a.ts'],
    expected: ['import/no-cycle'],
  },
  {
    name: 'a feature importing another feature of its remote',
    filePath: path.join(probe, 'src/features/beta/components/uses-alpha.ts'),
    code: "import { alpha } from '../../alpha/components/alpha';\nexport const both = alpha;\n",
    expected: ['import/no-restricted-paths'],
  },
  {
    name: 'a feature importing its own folder (allowed)',
    filePath: path.join(probe, 'src/features/alpha/components/uses-label.ts'),
    code: "import { alphaLabel } from '../utils/alpha-label';\nexport const label = alphaLabel;\n",
    expected: [],
  },
  {
    name: 'a remote importing another remote',
    filePath: path.join(probe, 'src/features/alpha/components/uses-agenda.ts'),
    code: "import { routes } from '../../../../../agenda/src/routes';\nexport const other = routes;\n",
    expected: ['import/no-restricted-paths'],
  },
  {
    name: 'routes importing antd, an antd icon and the whole kit',
    filePath: 'remotes/contacts/src/routes.tsx',
    code: [
      "import { Button } from 'antd';",
      "import { UserOutlined } from '@ant-design/icons';",
      "import { ComingSoon } from '@bo/ui';",
      'export const routes = [Button, UserOutlined, ComingSoon];',
      '',
    ].join('\n'),
    expected: Array(3).fill('@typescript-eslint/no-restricted-imports'),
  },
  {
    name: 'routes with lazyPage and the kit types (allowed)',
    filePath: 'remotes/contacts/src/routes.tsx',
    code: [
      "import { lazyPage } from '@bo/ui/lazy-page';",
      "import type { RemotePage } from '@bo/ui';",
      "export const routes: RemotePage[] = [{ path: '/liste-contacts', ...lazyPage(() => import('./pages/coming-soon-pages').then((pages) => pages.ContactListPage)) }];",
      '',
    ].join('\n'),
    expected: [],
  },
  {
    name: 'a file name that is not kebab-case',
    filePath: 'shared/ui/src/DataTable.tsx',
    code: 'export const table = 1;\n',
    expected: ['local/kebab-case-file-names'],
  },
  {
    name: 'a build script in CommonJS, with node globals but not undefined names',
    filePath: 'shared/build/probe-config.cjs',
    code: "const path = require('node:path');\nmodule.exports = { dir: path.join(__dirname, process.cwd()), bad: undefinedThing };\n",
    expected: ['no-undef'],
  },
];

describe('lint configuration', () => {
  beforeAll(() => {
    // The probe's cases are written too: import/no-cycle follows files on disk, not the text it is given.
    const onDisk = [
      ...Object.entries(files).map(([file, code]) => ({ filePath: path.join(probe, file), code })),
      ...cases.filter((c) => c.filePath.startsWith(probe)),
    ];
    for (const { filePath, code } of onDisk) {
      mkdirSync(path.dirname(path.join(root, filePath)), { recursive: true });
      writeFileSync(path.join(root, filePath), code);
    }
  });
  afterAll(() => rmSync(path.join(root, probe), { recursive: true, force: true }));

  it('reports each deliberate violation with its rule, and nothing on the allowed forms', () => {
    const output = execFileSync(process.execPath, [path.join(root, 'scripts/lint-text.mjs')], {
      cwd: root,
      input: JSON.stringify(cases.map(({ filePath, code }) => ({ filePath, code }))),
      encoding: 'utf8',
    });
    const results = JSON.parse(output) as Array<{ ruleIds: string[] }>;
    expect(cases.map((c, i) => ({ name: c.name, ruleIds: results[i].ruleIds }))).toEqual(
      cases.map((c) => ({ name: c.name, ruleIds: c.expected })),
    );
  }, 120_000);
});
