// The catalog against what sending its bytes costs: bare Fastify (the ratio reported beside the
// budget, and the orders' ceiling) and bare node:http (the physical limit, reported by the whole
// bench), each a process of its own. A route inside the
// shop was no ceiling: it paid every hook and log line the catalog pays, so it hid their cost.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { expectStatus, request } from '../lib/http';
import { startServer } from '../lib/server-process';
import { type CatalogComparison, compareCatalogToCeiling } from '../lib/throughput';
import type { Session } from '../session';
import { CATALOG_ROUNDS, CATALOG_SECONDS, PORTS } from '../settings';

export interface BareCeilings {
  /** The catalog's URL on each. */
  fastify: string;
  nodeHttp: string;
}

/**
 * The bare processes the shop's req/s are set beside, sending the catalog's bytes as the shop
 * sent them: Fastify with nothing added, and node:http. They run until the benchmark ends.
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

/** GET /api/parts against bare Fastify sending the same bytes, in alternating rounds: the
 * catalog's p99 is judged, its ratio reported. */
export function catalogAgainstFastify(
  base: string,
  bare: BareCeilings,
): Promise<CatalogComparison> {
  return compareCatalogToCeiling(base, bare.fastify, CATALOG_ROUNDS, CATALOG_SECONDS);
}

/** The same against bare node:http, fewer rounds: printed beside it, as the physical limit. */
export function catalogAgainstNodeHttp(
  base: string,
  bare: BareCeilings,
): Promise<CatalogComparison> {
  return compareCatalogToCeiling(base, bare.nodeHttp, 3, CATALOG_SECONDS);
}
