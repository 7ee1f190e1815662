// Unit tests (jest + ts-jest). Types are checked by `npm run typecheck`, so ts-jest only transpiles.
const transform = {
  '^.+\\.[jt]sx?$': [
    'ts-jest',
    {
      diagnostics: false,
      tsconfig: { module: 'commonjs', moduleResolution: 'node', jsx: 'react-jsx', allowJs: true, esModuleInterop: true },
    },
  ],
};

const common = {
  transform,
  // FullCalendar's CommonJS files require preact's ESM build under jsdom: let ts-jest transform it.
  transformIgnorePatterns: ['/node_modules/(?!(preact)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/shared/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/shared/**/*.test.tsx', '<rootDir>/shell/**/*.test.tsx', '<rootDir>/remotes/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.ts'],
    },
  ],
};
