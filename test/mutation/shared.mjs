// @ts-check
// What both mutation runs share (docs/testing.md#mutation-testing).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export const shared = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Each mutant is tried against the tests that run its line, not the whole suite.
  coverageAnalysis: 'perTest',
  // The workspace's packages link to each other through node_modules, which a sandbox copy would
  // still resolve to the originals: mutants are written in place, and put back when the run ends
  // (or is interrupted). Nothing else may run in the checkout meanwhile.
  inPlace: true,
  thresholds: { high: 90, low: 85, break: 85 },
  // Committed: a run after a small change tests only the mutants whose code or tests changed.
  incremental: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  concurrency: 2,
  timeoutMS: 30_000,
  // The first run of the whole suite, which maps each test to the lines it runs, takes minutes.
  dryRunTimeoutMinutes: 20,
};

/**
 * A run's own files, named after it (`contract`, `server`): its vitest config, its incremental
 * file and its reports.
 * @param {string} run
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export const runFiles = (run) => ({
  vitest: { configFile: `test/mutation/${run}.vitest.config.ts` },
  incrementalFile: `test/mutation/${run}.incremental.json`,
  htmlReporter: { fileName: `reports/mutation/${run}.html` },
  jsonReporter: { fileName: `reports/mutation/${run}.json` },
});
