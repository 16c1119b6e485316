import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const serverSuite = (database: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name: `server (${database})`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: database },
    ...(database === 'pglite' ? { globalSetup: ['./test/global-setup.ts'] } : {}),
    // A database per test file is created in beforeAll; PGlite's first start takes seconds.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
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
      // The web app's tests run with its own Vite setup (React, aliases).
      './apps/web/vitest.config.ts',
    ],
  },
});
