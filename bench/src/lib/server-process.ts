// Starts the built server as its own process, the way it runs in production, and watches it:
// how long it took to answer, how much memory it holds, and a clean stop.
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { request } from './http';
import { mailboxUrl } from './mailbox';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Every setting the server reads: none may leak in from the shell that runs the benchmark. */
const SERVER_SETTINGS =
  /^(NODE_ENV|HOST|PORT|LOG_LEVEL|PUBLIC_URL|TRUST_PROXY|DATA_DIR|DATABASE_URL|SEED_DEMO|WEB_DIST|AUTH_SECRET|ADMIN_EMAILS|GOOGLE_\w+|STRIPE_\w+|ALLOW_TEST_PAYMENTS|UNPAID_ORDER_TTL_MINUTES|MAX_UNPAID_ORDERS|REDIS_URL|RATE_LIMIT_\w+|METRICS_TOKEN|CORS_ORIGINS|SMTP_URL|MAIL_FROM)$/;

/**
 * `server`: the production entry point; `bench`: the same app plus the bench's own routes;
 * `ceiling` and `node-http`: a bare process sending the catalog's bytes, on Fastify or on
 * node:http (`src/ceiling.mjs`); `read-ceiling`: the same for the order reads, each after its
 * database work (`src/read-ceiling.mjs`); `bare-start`: the embedded database opened and nothing
 * else (`src/bare-start.mjs`).
 */
export type Program = 'server' | 'bench' | 'ceiling' | 'node-http' | 'read-ceiling' | 'bare-start';

interface ProgramLaunch {
  nodeFlags?: string[];
  /** From the repository's root. */
  script: string;
  argv?: string[];
  /** Answers 200 once the program is fully up. */
  readyPath: string;
}

const PROGRAMS: Record<Program, ProgramLaunch> = {
  server: { script: 'apps/server/dist/server.js', readyPath: '/api/ready' },
  // --expose-gc: for GET /api/bench/kept-memory, which collects before it measures.
  bench: {
    nodeFlags: ['--expose-gc'],
    script: 'bench/src/serve.mjs',
    readyPath: '/api/ready',
  },
  ceiling: { script: 'bench/src/ceiling.mjs', argv: ['fastify'], readyPath: '/api/parts' },
  'node-http': { script: 'bench/src/ceiling.mjs', argv: ['http'], readyPath: '/api/parts' },
  'read-ceiling': { script: 'bench/src/read-ceiling.mjs', readyPath: '/ready' },
  'bare-start': { script: 'bench/src/bare-start.mjs', readyPath: '/api/ready' },
};

export interface ServerOptions {
  program: Program;
  port: number;
  env: Record<string, string>;
  /** Where the process runs: not the repository, so a developer's .env there changes nothing. */
  cwd: string;
  timeoutMs?: number;
  /** Where its stdout goes instead of the terminal (a shop logging every request). */
  logFile?: string;
}

export interface RunningServer {
  base: string;
  pid: number;
  /** From launching the process to its first 200 answer. */
  readyMs: number;
  /** Resident memory (VmRSS) of the server process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills whatever is still running (an interrupted benchmark must not leave servers behind). */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** Memory the bench server keeps: read right after a full garbage collection, in MB. */
export interface KeptMemory {
  rssMb: number;
  /** Live JavaScript objects. */
  heapMb: number;
  /** Outside V8's heap: above all PGlite's WebAssembly memory, where the embedded database runs. */
  externalMb: number;
}

export async function keptMemory(base: string): Promise<KeptMemory> {
  const answer = await request(base, 'GET', '/api/bench/kept-memory');
  if (answer.status !== 200) throw new Error(`kept memory: ${answer.status} ${answer.body}`);
  const bytes = JSON.parse(answer.body) as { rss: number; heapUsed: number; external: number };
  const mb = (n: number) => n / 1024 / 1024;
  return { rssMb: mb(bytes.rss), heapMb: mb(bytes.heapUsed), externalMb: mb(bytes.external) };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVER_SETTINGS.test(name)) env[name] = value;
  }
  Object.assign(
    env,
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      // Every shop mails the bench's own mail server: a customer signs up through its link.
      SMTP_URL: await mailboxUrl(),
    },
    options.env,
  );
  const { nodeFlags = [], script, argv = [], readyPath } = PROGRAMS[options.program];
  const args = [...nodeFlags, path.join(root, script), ...argv];
  const base = `http://127.0.0.1:${options.port}`;

  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', options.logFile ? openSync(options.logFile, 'a') : 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');

  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} before it answered`);
    }
    const answer = await request(base, 'GET', readyPath, {
      noKeepAlive: true,
      discardBody: true,
      timeoutMs: 2_000,
    }).catch(() => null);
    if (answer?.status === 200) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer ${readyPath} with 200 in time`);
    }
    await sleep(5);
  }
  const readyMs = performance.now() - started;

  return {
    base,
    pid,
    readyMs,
    rssMb: () => residentMb(pid),
    async stop() {
      // A clean stop lets PGlite close its files; a stuck server is killed after a while.
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited(child).then(() => true), sleep(10_000)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
  };
}
