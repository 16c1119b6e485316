// A shop whose catalog has grown to GROWTH.parts parts: the home page's first page of parts and a
// search, each at 10 connections, and (for the whole bench) the home page as the phone on it.
import { alternatingRounds } from '../lib/alternating-rounds';
import type { PageAudit } from '../lib/lighthouse';
import { startServer } from '../lib/server-process';
import { type SqlTarget, withSql } from '../lib/sql';
import { percentile } from '../lib/stats';
import { burst } from '../lib/throughput';
import type { Session } from '../session';
import { GROWTH, PORTS, shopEnv } from '../settings';
import { auditHomePage } from './pages';

export interface Growth {
  parts: number;
  firstPageP99: number;
  searchP99: number;
  /** How many parts the search's words find among them. */
  searchTotal: number;
  /** The search's first answer, before the shop remembers it (the catalog already loaded). */
  firstSearchMs: number;
  errors: number;
  /** The home page among the grown catalog as the phone; the whole bench's, not the gate's. */
  home: PageAudit | undefined;
}

const KINDS = ['brake kit', 'rear wing', 'clutch', 'exhaust', 'wheel', 'seat', 'intake', 'spoiler'];
const MAKERS = ['Apex', 'Zonda', 'Corsa', 'Veloce', 'Stradale', 'Monza', 'Imola', 'Mugello'];

/**
 * Adds the parts straight into the database, in one statement: through the API, ten thousand
 * would take minutes. Names and descriptions mix a few words, so a search of one finds about a
 * quarter of them, as a search of a real catalog finds many.
 */
export async function addParts(target: SqlTarget, count: number): Promise<void> {
  await withSql(target, (sql) =>
    sql.query(
      `insert into parts (name, image, description, price_cents, stock, min_order)
       select ($1::text[])[1 + i % 8] || ' ' || ($2::text[])[1 + (i / 8) % 8] || ' ' || i,
              '/images/parts/big-brake-kit.svg',
              'A ' || ($2::text[])[1 + (i / 8) % 8] || ' for track days; fits most cars with the '
                || ($2::text[])[1 + (i / 64) % 8] || ' of the same series. Part ' || i || '.',
              1000 + (i * 37) % 500000, i % 50, 1 + i % 3
       from generate_series(1, $3::int) as i`,
      [MAKERS, KINDS, count],
    ),
  );
}

/**
 * The p99 of each address's answers over GROWTH.rounds alternating rounds (`alternatingRounds`),
 * after a warm-up of each: for its first seconds a started shop responds several times slower
 * whatever it is asked (docs/journal/2026-11-26-grown-catalog.md), and these figures are of the
 * shop at work, not of its start (the cold start's budget).
 */
async function warmP99s(
  firstPage: string,
  search: string,
): Promise<{ firstPage: number; search: number; errors: number }> {
  for (const url of [firstPage, search]) await burst({ url, seconds: GROWTH.warmupSeconds });
  const latencies = { firstPage: [] as number[], search: [] as number[] };
  const seconds = GROWTH.roundSeconds;
  const pairs = await alternatingRounds(
    GROWTH.rounds,
    () => burst({ url: firstPage, seconds, latencies: latencies.firstPage }),
    () => burst({ url: search, seconds, latencies: latencies.search }),
  );
  return {
    firstPage: percentile(latencies.firstPage, 99),
    search: percentile(latencies.search, 99),
    errors: pairs.reduce((sum, pair) => sum + pair.figure.errors + pair.ceiling.errors, 0),
  };
}

/**
 * Grows the catalog of the data directory the PGlite shop ran on (stopped by now: its orders and
 * accounts do not matter here, and reusing it saves making another), then measures it.
 */
export async function measureGrowth(
  session: Session,
  dataDir: string,
  { judgedOnly = false } = {},
): Promise<Growth> {
  await addParts({ dataDir }, GROWTH.parts);
  const shop = await startServer({
    program: 'bench',
    port: PORTS.growth,
    cwd: session.cwd,
    env: shopEnv(PORTS.growth, { DATA_DIR: dataDir }),
  });
  session.onEnd(() => shop.stop());
  try {
    const firstPageUrl = `${shop.base}/api/parts?limit=12`;
    const searchUrl = `${shop.base}/api/parts?q=brake&limit=12`;
    // The first answer loads the catalog (half a second and more of a busy machine's time at
    // this size); the search's first answer is then timed alone, before the shop remembers it.
    await (await fetch(firstPageUrl)).arrayBuffer();
    const began = performance.now();
    const found = (await (await fetch(searchUrl)).json()) as { total: number };
    const firstSearchMs = performance.now() - began;
    const p99s = await warmP99s(firstPageUrl, searchUrl);
    const home = judgedOnly ? undefined : await auditHomePage(shop.base);
    return {
      parts: GROWTH.parts,
      firstPageP99: p99s.firstPage,
      searchP99: p99s.search,
      searchTotal: found.total,
      firstSearchMs,
      errors: p99s.errors,
      home,
    };
  } finally {
    await shop.stop();
  }
}
