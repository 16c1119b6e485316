// A shop whose catalog has grown to GROWTH.parts parts: the home page's first page of parts and a
// search, each at 10 connections, and Lighthouse of the home page on it.
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

import { BUDGET } from '../budget';
import { auditPages, type PageAudit } from '../lib/lighthouse';
import { startServer } from '../lib/server-process';
import { percentile } from '../lib/stats';
import { burst } from '../lib/throughput';
import type { Session } from '../session';
import { GROWTH, PORTS, shopEnv } from '../settings';

export interface Growth {
  parts: number;
  firstPageP99: number;
  searchP99: number;
  /** How many parts the search's words find among them. */
  searchTotal: number;
  errors: number;
  home: PageAudit | undefined;
}

const KINDS = ['brake kit', 'rear wing', 'clutch', 'exhaust', 'wheel', 'seat', 'intake', 'spoiler'];
const MAKERS = ['Apex', 'Zonda', 'Corsa', 'Veloce', 'Stradale', 'Monza', 'Imola', 'Mugello'];

/**
 * Adds the parts straight into the data directory, with the shop stopped (it has one owner at a
 * time): through the API, ten thousand would take minutes. Names and descriptions mix a few
 * words, so a search of one finds an eighth of them, as a search of a real catalog finds many.
 */
async function addParts(dataDir: string, count: number): Promise<void> {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    await db.query(
      `insert into parts (name, image, description, price_cents, stock, min_order)
       select ($1::text[])[1 + i % 8] || ' ' || ($2::text[])[1 + (i / 8) % 8] || ' ' || i,
              '/images/parts/big-brake-kit.svg',
              'A ' || ($2::text[])[1 + (i / 8) % 8] || ' for track days; fits most cars with the '
                || ($2::text[])[1 + (i / 64) % 8] || ' of the same series. Part ' || i || '.',
              1000 + (i * 37) % 500000, i % 50, 1 + i % 3
       from generate_series(1, $3::int) as i`,
      [MAKERS, KINDS, count],
    );
  } finally {
    await db.close();
  }
}

async function p99Of(url: string): Promise<{ p99: number; errors: number }> {
  await burst({ url, seconds: 1 });
  const latencies: number[] = [];
  const measured = await burst({ url, seconds: GROWTH.seconds, latencies });
  return { p99: percentile(latencies, 99), errors: measured.errors };
}

export async function measureGrowth(session: Session): Promise<Growth> {
  const dataDir = path.join(session.work, 'growth-data');
  const options = {
    program: 'bench' as const,
    port: PORTS.growth,
    cwd: session.cwd,
    env: shopEnv(PORTS.growth, { DATA_DIR: dataDir }),
  };
  // The first start makes the database (migrations, demo data); the parts come in between.
  await (await startServer(options)).stop();
  await addParts(dataDir, GROWTH.parts);
  const shop = await startServer(options);
  session.onEnd(() => shop.stop());
  try {
    const firstPage = await p99Of(`${shop.base}/api/parts?limit=12`);
    const search = await p99Of(`${shop.base}/api/parts?q=brake&limit=12`);
    const found = (await (await fetch(`${shop.base}/api/parts?q=brake&limit=1`)).json()) as {
      total: number;
    };
    const [home] = await auditPages(shop.base, ['/'], BUDGET.lighthouse);
    return {
      parts: GROWTH.parts,
      firstPageP99: firstPage.p99,
      searchP99: search.p99,
      searchTotal: found.total,
      errors: firstPage.errors + search.errors,
      home,
    };
  } finally {
    await shop.stop();
  }
}
