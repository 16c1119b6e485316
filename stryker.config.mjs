// @ts-check
// `npm run test:mutation`: which of the business rules' mutants the tests let through
// (docs/testing.md). Mutates the files that hold the rules, runs against each mutant the tests
// that cover its line (vitest.mutation.config.ts), and fails under 85 %.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    // Money, the order and rating rules, and every input schema.
    'packages/contract/src/*.ts',
    '!packages/contract/src/*.test.ts',
    '!packages/contract/src/index.ts',
    // Orders, payments, the catalogue and its cache, reviews, the limits.
    'apps/server/src/modules/orders/service.ts',
    'apps/server/src/modules/orders/payment-routes.ts',
    'apps/server/src/modules/payments/*.ts',
    'apps/server/src/modules/catalog/service.ts',
    'apps/server/src/modules/reviews/service.ts',
    'apps/server/src/lib/json-cache.ts',
    'apps/server/src/plugins/limits.ts',
  ],
  // The workspace's packages link to each other through node_modules, which a sandbox copy would
  // still resolve to the originals: mutants are written in place, and put back when the run ends
  // (or is interrupted). Nothing else may run in the checkout meanwhile.
  inPlace: true,
  thresholds: { high: 90, low: 85, break: 85 },
  // Committed: a run after a small change tests only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  concurrency: 2,
  timeoutMS: 30_000,
};
