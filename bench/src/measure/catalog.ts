// The catalog against what sending its bytes costs: a route in the same app (judged), and bare
// Fastify and node:http processes of their own (printed, and the orders' ceiling).
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { expectStatus, request } from '../lib/http';
import { startServer } from '../lib/server-process';
import { burst, type CatalogComparison, compareCatalogToCeiling } from '../lib/throughput';
import type { Session } from '../session';
import { CATALOG_ROUNDS, CATALOG_SECONDS, PORTS } from '../settings';

/** GET /api/parts against the bench server's ceiling route, which sends the same bytes. */
export function catalogAgainstCeiling(base: string): Promise<CatalogComparison> {
  return compareCatalogToCeiling(
    base,
    `${base}/api/bench/ceiling`,
    CATALOG_ROUNDS,
    CATALOG_SECONDS,
  );
}

export interface BareCeilings {
  /** The catalog's URL on each. */
  fastify: string;
  nodeHttp: string;
}

/**
 * The bare processes the shop is judged against, sending the catalog's bytes as the shop sent
 * them: Fastify with nothing added, and node:http. They run until the benchmark ends.
 */
export async function startBareCeilings(session: Session, base: string): Promise<BareCeilings> {
  const catalog = await expectStatus(request(base, 'GET', '/api/parts'), 200, 'GET /api/parts');
  const bodyFile = path.join(session.work, 'catalog.json');
  writeFileSync(bodyFile, catalog.body);
  const env = { CEILING_BODY_FILE: bodyFile, CEILING_ETAG: String(catalog.headers.etag) };
  const { cwd } = session;
  const fastify = await startServer({ program: 'ceiling', port: PORTS.ceiling, env, cwd });
  session.onEnd(() => fastify.stop());
  const nodeHttp = await startServer({ program: 'node-http', port: PORTS.nodeHttp, env, cwd });
  session.onEnd(() => nodeHttp.stop());
  return { fastify: `${fastify.base}/api/parts`, nodeHttp: `${nodeHttp.base}/api/parts` };
}

export interface BareComparison {
  shopToFastify: CatalogComparison;
  nodeHttpRps: number;
}

/** Not yet budgeted: what the shop's plugins and hooks cost next to bare Fastify, and what
 * Fastify costs next to Node itself. */
export async function catalogAgainstBare(
  base: string,
  bare: BareCeilings,
): Promise<BareComparison> {
  const shopToFastify = await compareCatalogToCeiling(base, bare.fastify, 3, CATALOG_SECONDS);
  const nodeHttp = await burst({ url: bare.nodeHttp, seconds: CATALOG_SECONDS });
  return { shopToFastify, nodeHttpRps: nodeHttp.rps };
}
