import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseConfig } from '../src/config';
import { serverRoot } from '../src/paths';
import { createTestDatabase } from './test-app';

// The real server process, as `npm start` runs it: on its own embedded data directory, or in the
// PostgreSQL run of the suite on its own database through DATABASE_URL.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The embedded database in the given directory, or this file's own PostgreSQL database. */
function databaseEnv(dataDir: string): Record<string, string> {
  const config: DatabaseConfig = database.config;
  return config.kind === 'postgres'
    ? { DATABASE_URL: config.url, SEED_DEMO: 'true' }
    : { DATA_DIR: dataDir };
}

function startServer(dataDir: string, port: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, 'src', 'server.ts')],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...databaseEnv(dataDir),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
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

async function partNames(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/api/parts`);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
}

describe('the server process', () => {
  it('ends cleanly within 5 s of SIGTERM and finds its data again on restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-data-'));
    const port = await freePort();

    const first = startServer(dataDir, port);
    await waitUntilReady(port);
    const namesBefore = await partNames(port);
    expect(namesBefore.length).toBeGreaterThanOrEqual(12);

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    const [code] = (await once(first.child, 'exit')) as [number | null];
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(code, first.output()).toBe(0);

    const second = startServer(dataDir, port);
    await waitUntilReady(port);
    expect(await partNames(port)).toEqual(namesBefore);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
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
