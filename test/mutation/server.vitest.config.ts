// The tests the server's mutants are tried against (server.stryker.mjs): the API suite on the
// embedded database, in this process. Left out, and still run by `npm test`: the suites that start
// the built server as a child process (they never see a mutant), and those that wait by design
// (a slow client's 30 s) or send thousands of requests (hostile input).
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

import { serverSuite } from '../../vitest.config';

/**
 * A run of a few files may name the suites that judge them (paths below apps/server, separated
 * by commas), so that the first run of the suite, which maps tests to lines, and each mutant's
 * runs skip suites that never reach those files' rules. Its score is then a floor.
 */
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    projects: [
      serverSuite('pglite', {
        ...(only?.length ? { include: only } : {}),
        exclude: [
          'test/crash-safety.test.ts',
          'test/server-process.test.ts',
          'test/slow-clients.test.ts',
          'test/hostile-input.test.ts',
        ],
      }),
    ],
  },
});
