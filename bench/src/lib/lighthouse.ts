// Lighthouse on the production server, the four categories a shop is judged by, in two profiles:
// the phone, Lighthouse's own default (a mid-range phone: 4× CPU slowdown and slow 4G, both
// simulated), which the gate judges; and slow 4G with the machine's CPU as it is, which the whole
// bench reports for the pages the phone does not visit.
import lighthouse from 'lighthouse';

import { median } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

export type Profile = 'phone' | 'slow 4G';

/** One Lighthouse run of a page. */
export interface RunResult {
  scores: Scores;
  /** Audits that scored below full marks, for whoever has to fix them. */
  shortfalls: string[];
  blockingMs: number;
  /** Every address the page requested, to tell that a signed-in page was shown signed in. */
  requested: string[];
}

/** A page judged on the median of its runs. */
export interface PageAudit {
  path: string;
  profile: Profile;
  /** Each category's median over the runs. */
  scores: Scores;
  runs: Scores[];
  /** Total blocking time of each run: where a phone's performance moves from run to run. */
  blockingMs: number[];
  /** Those of the run whose performance was the median. */
  shortfalls: string[];
}

/** Each category's median over the runs: one run slowed down by a neighbour does not decide it. */
export function medianScores(runs: readonly Scores[]): Scores {
  const scores = {} as Scores;
  for (const category of CATEGORIES) scores[category] = median(runs.map((run) => run[category]));
  return scores;
}

/** Whether a page's scores all reach their floors. */
export const meetsFloors = (scores: Scores, floors: Scores) =>
  CATEGORIES.every((category) => scores[category] >= floors[category]);

/**
 * The page's figures from its runs: the median of each category, and the shortfalls of the run
 * whose performance was the median one.
 */
export function pageAudit(path: string, profile: Profile, runs: readonly RunResult[]): PageAudit {
  const scores = medianScores(runs.map((run) => run.scores));
  const middle = runs.find((run) => run.scores.performance === scores.performance) ?? runs.at(-1);
  return {
    path,
    profile,
    scores,
    runs: runs.map((run) => run.scores),
    blockingMs: runs.map((run) => run.blockingMs),
    shortfalls: middle?.shortfalls ?? [],
  };
}

/** One Lighthouse run; a run that failed to record the page (NO_NAVSTART, say) is run again. */
export async function auditOnce(
  url: string,
  port: number,
  profile: Profile,
  attempts = 3,
): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, port, profile);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function lighthouseRun(url: string, port: number, profile: Profile): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse's defaults are the phone; the other profile only takes the CPU slowdown away.
    ...(profile === 'slow 4G' ? { throttling: { cpuSlowdownMultiplier: 1 } } : {}),
    // Neither weighs in any score: the page's screenshot, and the back-forward cache's test,
    // which navigates away and back again.
    disableFullPageScreenshot: true,
    skipAudits: ['bf-cache'],
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
  const details = lhr.audits['network-requests']?.details;
  const requested =
    details?.type === 'table'
      ? details.items.flatMap((item) => (typeof item.url === 'string' ? [item.url] : []))
      : [];
  return {
    scores,
    shortfalls,
    blockingMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    requested,
  };
}
