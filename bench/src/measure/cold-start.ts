// The shop's cold start against the bare start of its database.
import { alternatingRounds } from '../lib/alternating-rounds';
import { startServer } from '../lib/server-process';
import { median } from '../lib/stats';
import type { Session } from '../session';
import { COLD_STARTS, PORTS, shopEnv } from '../settings';

export interface ColdStarts {
  shopMs: number[];
  bareMs: number[];
  /** Median of the back-to-back ratios, shop over bare. */
  ratio: number;
}

/**
 * Launch to first 200 of GET /api/ready, on a data directory an earlier start created, against a
 * bare process opening the same database (`src/bare-start.mjs`), alternately, as the catalog is
 * against its ceiling.
 */
export async function measureColdStarts(session: Session, dataDir: string): Promise<ColdStarts> {
  const env = shopEnv(PORTS.coldStart, { DATA_DIR: dataDir });
  const start = async (program: 'server' | 'bare-start') => {
    const server = await startServer({ program, port: PORTS.coldStart, env, cwd: session.cwd });
    await server.stop();
    return server.readyMs;
  };
  await start('server');
  const pairs = await alternatingRounds(
    COLD_STARTS,
    () => start('server'),
    () => start('bare-start'),
  );
  return {
    shopMs: pairs.map((pair) => pair.figure),
    bareMs: pairs.map((pair) => pair.ceiling),
    ratio: median(pairs.map((pair) => pair.figure / pair.ceiling)),
  };
}
