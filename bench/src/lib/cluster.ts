// The deployment of docs/deploy.md ("Several instances behind nginx") on this machine: production
// instances on one fresh PostgreSQL database and one Redis, behind nginx (`balancer.ts`).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { Session } from '../session';
import { shopEnv } from '../settings';
import { startBalancer } from './balancer';
import { adminDatabaseUrl, createBenchDatabase } from './postgres';
import { type RunningServer, startServer } from './server-process';

export interface Cluster {
  /** nginx's address: the shop's public one. */
  balancer: string;
  instances: RunningServer[];
  /** The first instance's, where it wrote the demo logins on seeding the database. */
  seedDataDir: string;
  stop(): Promise<void>;
}

/** REDIS_URL, else TEST_REDIS_URL, else the machine's own Redis. */
function redisUrl(): string {
  return process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * Starts one instance per port of `instancePorts`, the first alone since it seeds the empty
 * database with the demo data, then nginx on `balancerPort`. Everything is stopped and the
 * database dropped by `stop()`, or at the run's end if the run is interrupted.
 */
export async function startCluster(
  session: Session,
  instancePorts: readonly number[],
  balancerPort: number,
): Promise<Cluster> {
  const database = await createBenchDatabase(adminDatabaseUrl());
  const instances: RunningServer[] = [];
  let stopBalancer = async () => {};
  const stop = async () => {
    await stopBalancer();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  };
  session.onEnd(stop);

  const balancer = `http://127.0.0.1:${balancerPort}`;
  // The same secret everywhere, or a session made on one instance is refused by the others.
  const secret = randomBytes(32).toString('base64');
  const dataDirs = instancePorts.map((port) => path.join(session.work, `instance-${port}`));
  const start = async (port: number, dataDir: string) => {
    mkdirSync(dataDir, { recursive: true });
    const instance = await startServer({
      program: 'server',
      port,
      cwd: session.cwd,
      env: shopEnv(port, {
        PUBLIC_URL: balancer,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl(),
        AUTH_SECRET: secret,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        // nginx is one hop, and adds itself to X-Forwarded-For; the bench's customers stand
        // behind a proxy of their own, each with an address, so that the per-address limits
        // count each of them apart, as the deployment suite does.
        TRUST_PROXY: '2',
      }),
    });
    instances.push(instance);
  };

  try {
    const [firstPort, ...otherPorts] = instancePorts;
    const [seedDataDir, ...otherDirs] = dataDirs;
    if (firstPort === undefined || seedDataDir === undefined) throw new Error('no instances');
    await start(firstPort, seedDataDir);
    await Promise.all(otherPorts.map((port, i) => start(port, otherDirs[i] ?? seedDataDir)));
    // In the ports' order, as they started in no particular one: the seeding instance first.
    const port = (instance: RunningServer) => Number(new URL(instance.base).port);
    instances.sort((a, b) => instancePorts.indexOf(port(a)) - instancePorts.indexOf(port(b)));
    const nginx = await startBalancer(
      instances.map((instance) => new URL(instance.base).host),
      balancerPort,
    );
    stopBalancer = nginx.stop;
    return { balancer: nginx.base, instances, seedDataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
