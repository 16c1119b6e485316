import { availableParallelism } from 'node:os';

import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

export const serverSuite = (
  database: 'pglite' | 'postgres',
  { exclude = [] as string[], include = ['src/**/*.test.ts', 'test/**/*.test.ts'] } = {},
): TestProjectConfiguration => ({
  test: {
    name: `server (${database})`,
    root: './apps/server',
    include,
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env: { TEST_DB: database },
    // A database per test file is created in beforeAll, from one migrated once for the run.
    globalSetup: ['./test/global-setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

export const contractSuite: TestProjectConfiguration = {
  test: {
    name: 'contract',
    root: './packages/contract',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
};

/** The web app's tests run with its own Vite setup (React, aliases). */
export const webSuite = './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    // At least two test files at a time, where Vitest would run one on two cores (it keeps one
    // core free): each file has a database of its own, and while one waits for PostgreSQL or its
    // mail server, the other runs.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      contractSuite,
      {
        test: {
          name: 'bench',
          root: './bench',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverSuite('pglite'),
      // The same API suite on a PostgreSQL server whenever one is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [serverSuite('postgres')] : []),
      webSuite,
    ],
  },
});
