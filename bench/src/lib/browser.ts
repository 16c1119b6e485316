// The system Chromium that Lighthouse drives (no browser is downloaded), and Puppeteer on the same
// browser to sign a customer in, as Lighthouse's guide to pages behind a login does. Lighthouse
// clears the HTTP cache before each run but keeps cookies and local storage, where the shop keeps
// a session: each run is a first visit that is still signed in.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

export interface Browser {
  /** Lighthouse's `port`. */
  port: number;
  /** Signs in through the shop's login page, and returns once the page holds its access token. */
  signIn(base: string, email: string, password: string): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    return {
      port: chrome.port,
      async signIn(base, email, password) {
        const page = await browser.newPage();
        try {
          await page.goto(new URL('/login', base).href);
          await page.locator('::-p-aria(Email)').fill(email);
          await page.locator('::-p-aria(Password)').fill(password);
          await page.locator('::-p-aria([name="Login"][role="button"])').click();
          // The web app keeps the token there once the sign-in is done (`lib/access-token.ts`).
          await page.waitForFunction(() => localStorage.getItem('accessToken') !== null, {
            timeout: 30_000,
          });
        } finally {
          await page.close();
        }
      },
      async close() {
        await browser.disconnect();
        chrome.kill();
      },
    };
  } catch (error) {
    chrome.kill();
    throw error;
  }
}
