import { defineConfig } from '@playwright/test';

import { balancerUrl } from './deployment/cluster';

// The shop as docs/deploy.md deploys it: three instances of the production build on one
// PostgreSQL database and Redis, behind nginx (deploy/nginx.conf). The suite starts them itself
// (deployment/cluster.ts), and stops and restarts instances in the middle of its journeys, so its
// tests run one at a time in one worker.
export default defineConfig({
  testDir: './deployment',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: balancerUrl,
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
