// The tests `npm run test:mutation` runs against each mutant (stryker.config.mjs): every suite
// that runs the business rules in its own process. Left out, and still run by `npm test`: the
// suites that start the built server as a child process (they never see a mutant), and those
// that wait by design (a slow client's 30 s) or send thousands of requests (hostile input).
import { defineConfig } from 'vitest/config';

import { contractSuite, serverSuite, webSuite } from './vitest.config';

export default defineConfig({
  test: {
    projects: [
      contractSuite,
      serverSuite('pglite', {
        exclude: [
          'test/crash-safety.test.ts',
          'test/server-process.test.ts',
          'test/slow-clients.test.ts',
          'test/hostile-input.test.ts',
        ],
      }),
      webSuite,
    ],
  },
});
