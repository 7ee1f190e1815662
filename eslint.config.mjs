// Lint rules that carry the architecture: no remote imports another remote, shared never imports a remote or
// the shell, nothing imports the server, no import cycles, features meet only at route level (docs/architecture.md).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import runOutputs from './scripts/run-outputs.cjs';

const root = path.dirname(fileURLToPath(import.meta.url));

// The folders that exist when lint runs: a remote or a feature added later is covered without editing this file.
function folders(relative) {
  try {
    return readdirSync(path.join(root, relative), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const remotes = folders('remotes');

const zones = [
  ...remotes.map((remote) => ({
    target: `./remotes/${remote}`,
    from: './remotes',
    except: [`./${remote}`],
    message: 'A remote never imports another remote: move what both need to shared/.',
  })),
  ...remotes.map((remote) => ({
    target: `./remotes/${remote}`,
    from: './shell',
    message: 'A remote never imports the shell.',
  })),
  { target: './shared', from: './remotes', message: 'shared/ never depends on a remote.' },
  { target: './shared', from: './shell', message: 'shared/ never depends on the shell.' },
  { target: './shell', from: './remotes', message: 'The shell loads remotes at run time, never by import.' },
  {
    target: ['./shell', './remotes', './shared'],
    from: './api',
    message: 'The browser never imports the server: use shared/contracts.',
  },
  {
    target: './api',
    from: ['./shell', './remotes', './shared/client', './shared/ui'],
    message: 'The server only shares shared/contracts.',
  },
  // Features meet only at route level (bulletproof-react): a feature never imports another feature of its remote.
  ...remotes.flatMap((remote) =>
    folders(`remotes/${remote}/src/features`).map((feature) => ({
      target: `./remotes/${remote}/src/features/${feature}`,
      from: `./remotes/${remote}/src/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: compose them in the routes, or move what both need to shared/.',
    })),
  ),
];

// One file name style, chosen once and linted: kebab-case, dots only between kebab-case parts
// (`todo-cache.test.tsx`, `webpack.config.cjs`).
const kebabCaseName = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const localPlugin = {
  rules: {
    'kebab-case-file-names': {
      meta: { type: 'suggestion', schema: [], messages: { kebab: "File names are kebab-case: rename '{{name}}'." } },
      create(context) {
        return {
          Program(node) {
            const name = path.basename(context.filename);
            if (!kebabCaseName.test(name)) context.report({ node, messageId: 'kebab', data: { name } });
          },
        };
      },
    },
  },
};

// A remote's './routes' must stay light: the shell runs it (and the page's prefetch) before antd has arrived. Pages
// come through lazyPage (@bo/ui/lazy-page); types of the kit are free.
const heavyForRoutes =
  "A remote's routes module stays light: load pages with lazyPage (@bo/ui/lazy-page), never antd or the whole kit.";

export default tseslint.config(
  // What the product writes as it runs (scripts/run-outputs.cjs); __lint-probe__: the lint configuration's own test
  // writes its deliberate violations there.
  {
    ignores: [
      ...runOutputs.anywhere.map((folder) => `**/${folder}/**`),
      ...runOutputs.fromRoot.map((folder) => `${folder}/**`),
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { local: localPlugin },
    rules: { 'local/kebab-case-file-names': 'error' },
  },
  {
    // Build and tool configuration runs in node.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    // `const crypto = require('node:crypto')` may shadow node's global of the same name.
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    // The import plugin must parse TypeScript and resolve it: without these settings it finds no module behind an
    // import, and no-cycle and no-restricted-paths report nothing.
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: { project: './tsconfig.json', alwaysTryTypes: true },
        node: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] },
      },
      'import/internal-regex': '^@bo/',
    },
    rules: {
      // basePath: the zones are relative to this file, wherever lint is started from.
      'import/no-restricted-paths': ['error', { zones, basePath: root }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@bo/remote-*'], message: 'Remotes are loaded at run time, never imported.' },
            { group: ['@bo/api', '@bo/api/*'], message: 'Only shared/contracts is shared with the server.' },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['remotes/*/src/routes.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', message: heavyForRoutes },
            { name: '@bo/ui', message: heavyForRoutes, allowTypeImports: true },
          ],
          patterns: [{ group: ['antd/*', '@ant-design/*'], message: heavyForRoutes }],
        },
      ],
    },
  },
  {
    // Fastify's type augmentation needs interface declaration merging.
    files: ['api/src/plugins/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
);
