import { defineConfig } from '@playwright/test';

import { balancerUrl } from './deployment/cluster';
import { browserDefaults, runDefaults } from './suite-defaults';

// The shop as docs/deploy.md deploys it: three instances of the production build on one
// PostgreSQL database and Redis, behind nginx (deploy/nginx.conf). The suite starts them itself
// (deployment/cluster.ts), and stops and restarts instances in the middle of its journeys, so its
// tests run one at a time in one worker.
export default defineConfig({
  testDir: './deployment',
  workers: 1,
  fullyParallel: false,
  ...runDefaults,
  timeout: 180_000,
  use: { ...browserDefaults, baseURL: balancerUrl, viewport: { width: 1280, height: 800 } },
});
