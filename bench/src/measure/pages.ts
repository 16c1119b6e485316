// The pages as customers load them, through Lighthouse (`lib/lighthouse.ts`). As a phone, judged:
// the home page and a part page as a first visit, and the cart of a signed-in customer with a
// part in it, each on the median of three runs. With the machine's CPU as it is, reported by the
// whole bench: the other pages a visitor opens first.
import { openBrowser } from '../lib/browser';
import {
  auditOnce,
  type PageAudit,
  pageAudit,
  type Profile,
  type RunResult,
} from '../lib/lighthouse';
import type { Customer, Part } from '../lib/shop';

/** Lighthouse's guidance on variability: the median of several runs, three at least. */
export const PHONE_RUNS = 3;

/** The phone's pages, by the names the budget table gives them. */
export const PHONE_PAGES = ['/', '/parts/:id', '/cart'] as const;

/** Reported by the whole bench, one run each, with the machine's CPU as it is. */
export const SLOW_4G_PAGES = ['/', '/blogs', '/my-portfolio', '/login'] as const;

export interface PagesToAudit {
  /** The part whose page is audited. */
  part: Part;
  /** Signed in for the cart, which must hold a part already. */
  customer: Customer;
  /** Also the pages of SLOW_4G_PAGES (the whole bench). */
  slow4G: boolean;
}

/** Each page's runs, the pages taking turns: a busy moment weighs on one run of each, not on all
 * three runs of one page. */
async function inTurns(
  paths: readonly { name: string; url: string }[],
  runs: number,
  run: (url: string) => Promise<RunResult>,
): Promise<Map<string, RunResult[]>> {
  const results = new Map(paths.map((page) => [page.name, [] as RunResult[]]));
  for (let round = 0; round < runs; round++) {
    for (const page of paths) results.get(page.name)?.push(await run(page.url));
  }
  return results;
}

export async function auditPages(base: string, pages: PagesToAudit): Promise<PageAudit[]> {
  const browser = await openBrowser();
  try {
    const audits: PageAudit[] = [];
    const collect = (profile: Profile, results: Map<string, RunResult[]>) => {
      for (const [name, runs] of results) audits.push(pageAudit(name, profile, runs));
    };
    const url = (path: string) => new URL(path, base).href;
    const phone = (address: string) => auditOnce(address, browser.port, 'phone');
    // The visitor's pages first, before anyone signs in.
    const visitor = [
      { name: '/', url: url('/') },
      { name: '/parts/:id', url: url(`/parts/${encodeURIComponent(pages.part.id)}`) },
    ];
    collect('phone', await inTurns(visitor, PHONE_RUNS, phone));
    if (pages.slow4G) {
      const slow = SLOW_4G_PAGES.map((path) => ({ name: path, url: url(path) }));
      collect(
        'slow 4G',
        await inTurns(slow, 1, (address) => auditOnce(address, browser.port, 'slow 4G')),
      );
    }

    await browser.signIn(base, pages.customer.email, pages.customer.password);
    const cart = await inTurns(
      [{ name: '/cart', url: url('/cart') }],
      PHONE_RUNS,
      async (address) => {
        const result = await phone(address);
        // A cart shown to a visitor asks nothing of the API: that run would judge another page.
        if (!result.requested.some((requested) => new URL(requested).pathname === '/api/cart')) {
          throw new Error('the cart was not shown to a signed-in customer (no GET /api/cart)');
        }
        return result;
      },
    );
    collect('phone', cart);
    return audits;
  } finally {
    await browser.close();
  }
}

/** The home page of a grown catalog as the phone, for the whole bench's report. */
export async function auditHomePage(base: string): Promise<PageAudit> {
  const browser = await openBrowser();
  try {
    const runs = await inTurns([{ name: '/', url: new URL('/', base).href }], PHONE_RUNS, (url) =>
      auditOnce(url, browser.port, 'phone'),
    );
    return pageAudit('/', 'phone', runs.get('/') ?? []);
  } finally {
    await browser.close();
  }
}
