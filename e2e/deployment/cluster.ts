import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import S3rver from 's3rver';

// The deployment docs/deploy.md describes, on one machine: instances of the production build on
// one PostgreSQL database and the machine's Redis, behind nginx running deploy/nginx.conf.

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const bundle = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');
const port = Number(process.env.E2E_DEPLOY_PORT ?? 4410);

/** Where nginx listens: the shop's public address. */
export const balancerUrl = `http://127.0.0.1:${port}`;
export const INSTANCES = 3;
export const METRICS_TOKEN = 'deployment-metrics-token';
/**
 * Changes one account or address may make a minute: high enough for the bursts of orders below
 * (each customer places a few hundred at most), low enough to be reached on purpose.
 */
export const WRITES_PER_MINUTE = 1_000;
const PICTURES_BUCKET = 'apex-pictures';

export interface Instance {
  /** 1, 2, 3: the order of the upstream's `server` lines. */
  number: number;
  url: string;
  dataDir: string;
  child: ChildProcess | null;
}

export interface Cluster {
  instances: Instance[];
  databaseUrl: string;
  /** Starts (or restarts) an instance and waits until it is ready. */
  start(instance: Instance): Promise<void>;
  /** Sends a signal and waits for the process to end. */
  stop(instance: Instance, signal: NodeJS.Signals): Promise<void>;
  /**
   * Takes an instance out of nginx's upstream (`down`) or puts it back, and reloads nginx, as
   * docs/deploy.md's rolling restart does: requests under way finish where they are.
   */
  setInRotation(instance: Instance, inRotation: boolean): Promise<void>;
  close(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess | null, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${url} exited before it was ready:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within 60 s:\n${output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** deploy/nginx.conf as shipped, with this run's ports and a directory of its own. */
function balancerConfig(dir: string, instances: Instance[], outOfRotation: Set<Instance>): string {
  const shipped = readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  const servers = instances
    .map(
      (instance) =>
        `    server ${new URL(instance.url).host} max_fails=1 fail_timeout=5s${outOfRotation.has(instance) ? ' down' : ''};`,
    )
    .join('\n');
  const config = shipped
    .replace(/^ {4}server 127\.0\.0\.1:300\d .*\n/gm, '')
    .replace(/^( {2}upstream apex_parts \{\n(?: {4}#.*\n)*)/m, `$1${servers}\n`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
    .replaceAll('/tmp/apex-parts-nginx', path.join(dir, 'nginx'))
    .replace('access_log /dev/stdout apex;', `access_log ${path.join(dir, 'access.log')} apex;`);
  if (config.split('max_fails=1').length !== INSTANCES + 1) {
    throw new Error('deploy/nginx.conf changed shape: its upstream servers were not found');
  }
  return config;
}

/** Creates a database of its own, starts every instance, then nginx in front of them. */
export async function startCluster(): Promise<Cluster> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!serverUrl || !redisUrl) {
    throw new Error('The deployment suite needs TEST_DATABASE_URL and TEST_REDIS_URL');
  }
  const name = `apex_deploy_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href;

  const dir = mkdtempSync(path.join(tmpdir(), 'apex-deploy-'));
  // nginx's workers run as an unprivileged user when it is started as root.
  chmodSync(dir, 0o777);
  // The pictures' bucket, on an S3-compatible server of its own (s3rver: S3's API over a folder).
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(dir, 's3-')),
    configureBuckets: [{ name: PICTURES_BUCKET, configs: [] }],
  });
  const s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
  const outputs = new Map<Instance, string>();
  const instances: Instance[] = Array.from({ length: INSTANCES }, (_, i) => ({
    number: i + 1,
    url: `http://127.0.0.1:${port + 1 + i}`,
    dataDir: mkdtempSync(path.join(dir, `instance-${i + 1}-`)),
    child: null,
  }));

  const start = async (instance: Instance) => {
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: instance.dataDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: new URL(instance.url).port,
        PUBLIC_URL: balancerUrl,
        DATA_DIR: instance.dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        AUTH_SECRET: 'deployment-secret-long-enough-for-hmac-signing',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        METRICS_TOKEN,
        // nginx is one hop; the tests stand for customers behind a proxy of their own, each with
        // an address (X-Forwarded-For), so per-address limits count each customer apart.
        TRUST_PROXY: '2',
        MAX_UNPAID_ORDERS: '100000',
        RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
        S3_BUCKET: PICTURES_BUCKET,
        S3_ENDPOINT: s3Url,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        // s3rver's own fixed keys.
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    outputs.set(instance, '');
    const keep = (chunk: Buffer) =>
      outputs.set(instance, (outputs.get(instance) ?? '') + chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    instance.child = child;
    await waitUntilReady(instance.url, child, () => outputs.get(instance) ?? '');
  };
  const stop = async (instance: Instance, signal: NodeJS.Signals) => {
    const { child } = instance;
    if (!child) return;
    child.kill(signal);
    await exited(child);
    instance.child = null;
  };

  let nginx: ChildProcess | null = null;
  const configFile = path.join(dir, 'nginx.conf');
  const outOfRotation = new Set<Instance>();
  const setInRotation = async (instance: Instance, inRotation: boolean) => {
    if (inRotation) outOfRotation.delete(instance);
    else outOfRotation.add(instance);
    writeFileSync(configFile, balancerConfig(dir, instances, outOfRotation));
    nginx?.kill('SIGHUP');
    // New workers read the new upstream within moments; the old ones finish what they took.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  };
  const close = async () => {
    if (nginx) {
      nginx.kill('SIGQUIT');
      await exited(nginx);
    }
    await Promise.all(instances.map((instance) => stop(instance, 'SIGKILL')));
    await s3.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The first seeds the empty database with the demo data; the others find it there.
    const [first, ...others] = instances;
    if (first) await start(first);
    await Promise.all(others.map(start));
    writeFileSync(configFile, balancerConfig(dir, instances, outOfRotation));
    let nginxOutput = '';
    nginx = spawn(
      process.env.NGINX_PATH ?? '/usr/sbin/nginx',
      ['-c', configFile, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    await waitUntilReady(balancerUrl, nginx, () => nginxOutput);
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, databaseUrl, start, stop, setInRotation, close };
}

/** A demo account's password, as the first instance wrote it on seeding the database. */
export function demoPassword(cluster: Cluster, email: string): string {
  const first = cluster.instances[0];
  if (!first) throw new Error('no instance');
  const { logins } = JSON.parse(
    readFileSync(path.join(first.dataDir, 'demo-logins.json'), 'utf8'),
  ) as { logins: { email: string; password: string }[] };
  const login = logins.find((entry) => entry.email === email);
  if (!login) throw new Error(`no demo login for ${email}`);
  return login.password;
}
