// Lint rules that carry the architecture: no remote imports another remote, shared never imports a remote or
// the shell, nothing imports the server, no import cycles (../shared/CONVENTIONS.md, point 3).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

const remotes = ['agenda', 'contacts', 'needs-sheets', 'reports', 'admin'];

const zones = [
  ...remotes.map((remote) => ({
    target: `./remotes/${remote}`,
    from: './remotes',
    except: [`./${remote}`],
    message: 'A remote never imports another remote: move what both need to shared/.',
  })),
  ...remotes.map((remote) => ({ target: `./remotes/${remote}`, from: './shell', message: 'A remote never imports the shell.' })),
  { target: './shared', from: './remotes', message: 'shared/ never depends on a remote.' },
  { target: './shared', from: './shell', message: 'shared/ never depends on the shell.' },
  { target: './shell', from: './remotes', message: 'The shell loads remotes at run time, never by import.' },
  { target: ['./shell', './remotes', './shared'], from: './api', message: 'The browser never imports the server: use shared/contracts.' },
  { target: './api', from: ['./shell', './remotes', './shared/client', './shared/ui'], message: 'The server only shares shared/contracts.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: './tsconfig.json', alwaysTryTypes: true }, node: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] } },
      'import/internal-regex': '^@bo/',
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
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
    // Fastify's type augmentation needs interface declaration merging.
    files: ['api/src/plugins/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
);
