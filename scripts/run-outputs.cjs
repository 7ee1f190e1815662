// What the product writes as it builds, starts, deploys, tests and measures: the folders .gitignore names (a test
// holds the two together). The linter, the type checker and every test runner leave them alone, so that
// `npm start` then `npm test`, in that order, lints and tests the sources only.
module.exports = {
  // At any depth: installs, builds (dist/), the embedded database and login keys (data/: npm start's DATA_ROOT, the
  // API's own DATA_DIR), the remotes' deployed versions (deploy/: DEPLOY_ROOT), jest's coverage, the lint test's probes.
  anywhere: ['node_modules', 'dist', 'data', 'deploy', 'coverage', '__lint-probe__'],
  // From the root of the repository: the browser tests' screenshots and the benchmarks' results.
  fromRoot: ['e2e/artifacts', 'bench/results'],
};
