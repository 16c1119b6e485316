import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseConfig } from '../src/config';
import { serverRoot } from '../src/paths';
import { demoPassword } from './accounts-helpers';
import { freePort } from './free-port';
import { createTestDatabase } from './test-app';

// The real server process, as `npm start` runs it: on its own embedded data directory, or in the
// PostgreSQL run of the suite on its own database through DATABASE_URL.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** The PostgreSQL run's one shop has one data directory too (its uploads, its demo logins). */
let postgresDataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  postgresDataDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
});
afterAll(() => database.drop());

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/** The embedded database in the given directory, or this file's own PostgreSQL database. */
function databaseEnv(dataDir: string): Record<string, string> {
  const config: DatabaseConfig = database.config;
  return config.kind === 'postgres'
    ? { DATABASE_URL: config.url, SEED_DEMO: 'true', DATA_DIR: postgresDataDir }
    : { DATA_DIR: dataDir };
}

/** Where the shop started on `dataDir` keeps its files. */
const shopFiles = (dataDir: string) =>
  database.config.kind === 'postgres' ? postgresDataDir : dataDir;

/**
 * Runs one of the server's programs (src/server.ts, src/admin-cli.ts) as its own process, under
 * the umask most systems give a shell (022: everything readable by everyone).
 */
function run(program: string, args: string[], dataDir: string, port: number, logLevel = 'warn') {
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'umask 022 && exec "$@"',
      'sh',
      process.execPath,
      '--import',
      'tsx',
      path.join(serverRoot, 'src', program),
      ...args,
    ],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...databaseEnv(dataDir),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: logLevel,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const startServer = (dataDir: string, port: number, logLevel?: string) =>
  run('server.ts', [], dataDir, port, logLevel);

async function exitCode(child: ChildProcess): Promise<number | null> {
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

/** Signs in over HTTP as a browser on the shop's origin would, and returns the access token. */
async function signIn(port: number, email: string, password: string): Promise<string> {
  const origin = `http://127.0.0.1:${port}`;
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) throw new Error(`sign-in failed: ${res.status}`);
  return token;
}

async function waitUntilReady(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

/** Every file and directory below `dir` that its group or anyone else may read, write or enter. */
function sharedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .concat(dir)
    .filter((file) => {
      const stats = lstatSync(file);
      return !stats.isSymbolicLink() && (stats.mode & 0o077) !== 0;
    });
}

async function partNames(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/api/parts`);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
}

// Each test starts the server from source, through tsx, once or several times: about 25 s each
// on a quiet 2-core machine. The limit stops a hung process; it does not time the shop.
describe('the server process', { timeout: 120_000 }, () => {
  it('ends cleanly within 5 s of SIGTERM and finds its data again on restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
    const port = await freePort();
    // What a careless copy leaves behind: a data directory everyone may read.
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'left here', { mode: 0o644 });

    const first = startServer(dataDir, port, 'info');
    await waitUntilReady(port);
    // Under umask 022, the data directory and all in it are the owner's alone (decision 009).
    expect(sharedFiles(shopFiles(dataDir))).toEqual([]);
    const namesBefore = await partNames(port);
    expect(namesBefore.length).toBeGreaterThanOrEqual(12);

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    const [code] = (await once(first.child, 'exit')) as [number | null];
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(code, first.output()).toBe(0);
    // Log lines are written asynchronously: the last ones still reach stdout before the exit.
    expect(first.output()).toMatch(/"method":"GET","route":"\/api\/parts","statusCode":200/);
    expect(first.output()).toContain('shutting down');
    // The Node that npm install brings, not the machine's own (decision 019).
    expect(first.output()).toMatch(
      /"node":"v24\.\d+\.\d+".*"msg":"Apex Parts is open at .*TRUST_PROXY=false\)"/,
    );

    const second = startServer(dataDir, port);
    await waitUntilReady(port);
    expect(await partNames(port)).toEqual(namesBefore);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  });

  it('makes an existing account admin from the command line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
    const port = await freePort();
    const server = startServer(dataDir, port);
    await waitUntilReady(port);
    const email = 'customer@example.com';
    const token = await signIn(port, email, demoPassword(shopFiles(dataDir), email));
    const isAdmin = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/customer@example.com`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { admin: boolean }).admin;
    };
    expect(await isAdmin()).toBe(false);
    // The embedded database serves one process at a time: the command waits for the server to stop.
    if (database.config.kind === 'pglite') {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }

    const unknown = run('admin-cli.ts', ['grant', 'nobody@example.com'], dataDir, port);
    expect(await exitCode(unknown.child)).toBe(1);
    expect(unknown.output()).toContain('There is no account with the email nobody@example.com');

    const grant = run('admin-cli.ts', ['grant', 'Customer@Example.com'], dataDir, port);
    expect(await exitCode(grant.child), grant.output()).toBe(0);
    expect(grant.output()).toContain('customer@example.com is now an admin');

    if (database.config.kind === 'pglite') {
      startServer(dataDir, port);
      await waitUntilReady(port);
    }
    // The same session: the new right applies on its next request.
    expect(await isAdmin()).toBe(true);
  });

  it('takes a backup from the command line while the shop serves, and restores it elsewhere only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
    const port = await freePort();
    startServer(dataDir, port);
    await waitUntilReady(port);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'apex-backups-')), 'shop.tar.gz');

    const backup = run('backup-cli.ts', ['backup', file], dataDir, port);
    expect(await exitCode(backup.child), backup.output()).toBe(0);
    expect(backup.output()).toMatch(/Backup written to .*shop\.tar\.gz/);
    expect(backup.output()).toMatch(/parts\s+14/);
    // The shop served on meanwhile.
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);

    // Over the live shop: refused, and the shop is unharmed.
    const over = run('backup-cli.ts', ['restore', file], dataDir, port);
    expect(await exitCode(over.child)).toBe(1);
    expect(over.output()).toMatch(
      database.config.kind === 'postgres'
        ? /already holds tables/
        : /is in use by another Apex Parts server/,
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/parts`)).status).toBe(200);

    // Into an empty place: every count comes back.
    const elsewhere = await createTestDatabase({ empty: true });
    try {
      const emptyDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
      const restore = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(serverRoot, 'src', 'backup-cli.ts'), 'restore', file],
        {
          cwd: serverRoot,
          env: {
            ...process.env,
            DATA_DIR: emptyDir,
            ...(elsewhere.config.kind === 'postgres' ? { DATABASE_URL: elsewhere.config.url } : {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      restore.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      restore.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      expect(await exitCode(restore), output).toBe(0);
      expect(output).toMatch(/parts\s+14\s+restored\s+14/);
    } finally {
      await elsewhere.drop();
    }
  });

  it('refuses to open a data directory another server is using', async ({ skip }) => {
    if (process.env.TEST_DB === 'postgres') skip('PostgreSQL serves any number of servers');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitUntilReady(port);

    const second = startServer(dataDir, await freePort());
    const [code] = (await once(second.child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(second.output()).toContain('is in use by another Apex Parts server');
    // The first server is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');
  });
});
