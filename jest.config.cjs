// Unit tests (jest + ts-jest). Types are checked by `npm run typecheck`, so ts-jest only transpiles.
const transform = {
  '^.+\\.[jt]sx?$': [
    'ts-jest',
    {
      diagnostics: false,
      tsconfig: {
        module: 'commonjs',
        moduleResolution: 'node',
        jsx: 'react-jsx',
        allowJs: true,
        esModuleInterop: true,
      },
    },
  ],
};

const runOutputs = require('./scripts/run-outputs.cjs');

// What the product writes as it runs: never collected as tests.
const outputPatterns = [
  ...runOutputs.anywhere.map((folder) => `/${folder}/`),
  ...runOutputs.fromRoot.map((folder) => `<rootDir>/${folder}/`),
];

const common = {
  transform,
  // Every test file of the tree runs here, but the server's and the browser tests, which have their own runners
  // (scripts/__tests__/test-collection.test.ts checks it).
  testPathIgnorePatterns: [...outputPatterns, '<rootDir>/api/', '<rootDir>/e2e/'],
  // FullCalendar's CommonJS files require preact's ESM build under jsdom: let ts-jest transform it.
  transformIgnorePatterns: ['/node_modules/(?!(preact)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // antd's ES modules (`antd/es/result`, imported by a component that loads it lazily) as their CommonJS builds.
  moduleNameMapper: { '^antd/es/(.*)$': 'antd/lib/$1' },
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.ts'],
    },
  ],
};
