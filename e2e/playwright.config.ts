import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import {
  keepingShopPort,
  keepingShopUrl,
  mailCatcherSmtpPort,
  mailCatcherUrl,
  oidcPort,
  shopPort,
  shopUrl,
} from './servers';
import { browserDefaults, runDefaults } from './suite-defaults';

// Journeys run the production build (`npm run build`) on a fresh embedded database with demo data.
// Made once, in the runner: its workers load this file again and must find the same directories,
// where the shops write their demo logins on their first start (tests/support.ts reads them).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'apex-e2e-')));
const keepingDataDir = (process.env.E2E_KEEPING_DATA_DIR ??= mkdtempSync(
  path.join(tmpdir(), 'apex-e2e-keeping-'),
));
// The shop under test backs itself up here, the first time as it starts (Dashboard → Backups).
const backupDir = (process.env.E2E_BACKUP_DIR ??= mkdtempSync(
  path.join(tmpdir(), 'apex-e2e-backups-'),
));

/** What both shops run with: the production build, demo data, one trusted proxy hop. */
const shopEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Each test browser presents its own client address (X-Forwarded-For, see support.ts),
  // as customers behind one proxy would, so per-address sign-in limits apply per test.
  TRUST_PROXY: '1',
};

/** This Node, the project's (decision 019), for the servers: a shell's `node` may be the machine's. */
const node = JSON.stringify(process.execPath);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  ...runDefaults,
  // Journeys sign up, order and pay through the pages, some twice over and checking each page
  // with axe: about 20 s on a quiet 2-core machine, over 50 s on a busy one. The limit is there to
  // stop a journey that hangs, not to time it.
  timeout: 120_000,
  use: { ...browserDefaults, baseURL: shopUrl },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      // Journeys tagged @phone check what only a phone has (the menus folded into buttons).
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Journeys tagged @desktop check flows, not layout; every page is still checked on a phone.
      grepInvert: /@desktop/,
    },
  ],
  // Playwright starts these one after the other, each once the one before answers.
  webServer: [
    {
      // Stands in for Google; it must answer discovery before the shop starts.
      command: `${node} --import tsx oidc-issuer.ts`,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      // The shop's mail server: journeys read what the shop sent (tests/support.ts, mailTo).
      command: `${node} --import tsx mail-catcher.ts`,
      url: `${mailCatcherUrl}/messages`,
      reuseExistingServer: false,
    },
    {
      // The shop that keeps its mail, for the Outbox journeys. Nothing waits for it here, so it
      // starts beside the shop under test instead of before it; those journeys wait until it is
      // ready (tests/support.ts, keepingShop).
      command: `${node} ../apps/server/dist/server.js`,
      reuseExistingServer: false,
      env: {
        ...shopEnv,
        PORT: String(keepingShopPort),
        PUBLIC_URL: keepingShopUrl,
        DATA_DIR: keepingDataDir,
      },
    },
    {
      command: `${node} ../apps/server/dist/server.js`,
      url: `${shopUrl}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...shopEnv,
        PORT: String(shopPort),
        PUBLIC_URL: shopUrl,
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        SMTP_URL: `smtp://127.0.0.1:${mailCatcherSmtpPort}`,
        // Its owner's sign-up makes the admin (tests/mail.spec.ts): shopOwner in tests/support.ts.
        ADMIN_EMAILS: 'owner@apex-parts.example',
        // Each contact question in a digest of its own, at once: the journeys read it.
        CONTACT_DIGEST_MINUTES: '0',
        GOOGLE_CLIENT_ID: 'apex-parts-e2e',
        GOOGLE_CLIENT_SECRET: 'apex-parts-e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      },
    },
  ],
});
