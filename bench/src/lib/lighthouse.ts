// Lighthouse on the production server, at its default settings: a mid-range phone on a slow 4G
// connection (simulated throttling), the four categories a shop is judged by.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { median } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

export interface PageAudit {
  path: string;
  scores: Scores;
  /** Runs the scores come from: 1, or 3 when the first missed a floor (their median counts). */
  runs: number;
  /** Audits that scored below full marks in the last run, for whoever has to fix them. */
  shortfalls: string[];
}

/** One Lighthouse run; a run that failed to record the page (NO_NAVSTART, say) is run again. */
async function auditOnce(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function lighthouseRun(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = {} as Scores;
  for (const category of CATEGORIES) {
    scores[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
  }
  const shortfalls = Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric'),
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return { scores, shortfalls };
}

/**
 * Audits each page once; a page under a floor gets two more runs and is judged on the median of
 * the three, as Lighthouse's own guidance on score variability recommends.
 */
export async function auditPages(
  base: string,
  paths: readonly string[],
  floors: Scores,
): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const audits: PageAudit[] = [];
    for (const path of paths) {
      const url = new URL(path, base).href;
      const first = await auditOnce(url, chrome.port);
      const missed = CATEGORIES.some((category) => first.scores[category] < floors[category]);
      if (!missed) {
        audits.push({ path, scores: first.scores, runs: 1, shortfalls: first.shortfalls });
        continue;
      }
      const runs = [first, await auditOnce(url, chrome.port), await auditOnce(url, chrome.port)];
      const scores = {} as Scores;
      for (const category of CATEGORIES) {
        scores[category] = median(runs.map((run) => run.scores[category]));
      }
      audits.push({ path, scores, runs: 3, shortfalls: runs.at(-1)?.shortfalls ?? [] });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}
