// The tests the contract's mutants are tried against (contract.stryker.mjs).
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

import { contractSuite } from '../../vitest.config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    projects: [contractSuite],
  },
});
