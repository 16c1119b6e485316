import type { PlaywrightTestConfig } from '@playwright/test';

/** How both suites (the journeys, the deployment) run and report. */
export const runDefaults = {
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  expect: { timeout: 15_000 },
} satisfies PlaywrightTestConfig;

/** The browser both suites drive. */
export const browserDefaults = {
  trace: 'retain-on-failure',
  // The machine's Chromium: browser downloads are not part of this project's set-up.
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
} satisfies PlaywrightTestConfig['use'];
