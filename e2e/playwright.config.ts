import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

// Journeys run the production build (`npm run build`) on a fresh embedded database with demo data.
const port = Number(process.env.E2E_PORT ?? 4310);
const oidcPort = port + 1;
const baseURL = `http://127.0.0.1:${port}`;
// Made once, in the runner: its workers load this file again and must find the same directory,
// where the shop writes its demo logins on its first start (tests/support.ts reads them).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'apex-e2e-')));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Journeys sign up, order and pay through the pages; a busy 2-core machine needs the margin.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The machine's Chromium: browser downloads are not part of this project's set-up.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Journeys tagged @desktop check flows, not layout; every page is still checked on a phone.
      grepInvert: /@desktop/,
    },
  ],
  webServer: [
    {
      // Stands in for Google; it must answer discovery before the shop starts.
      command: 'npx tsx oidc-issuer.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      command: 'node ../apps/server/dist/server.js',
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Each test browser presents its own client address (X-Forwarded-For, see support.ts),
        // as customers behind one proxy would, so per-address sign-in limits apply per test.
        TRUST_PROXY: '1',
        GOOGLE_CLIENT_ID: 'apex-parts-e2e',
        GOOGLE_CLIENT_SECRET: 'apex-parts-e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      },
    },
  ],
});
