import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

import { buildApp } from '../src/app';
import type { Config, DatabaseConfig } from '../src/config';
import { lightPasswordHashing } from './light-passwords';
import { startMailServer, type TestMailServer } from './mail-server';

let template: Promise<Blob> | null = null;

/** The migrated database that test/global-setup.ts made once for the whole run. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * A database for one test file: PGlite in memory by default; with TEST_DB=postgres, a fresh
 * database on the server named by TEST_DATABASE_URL, dropped again when the file is done.
 */
export async function createTestDatabase({
  /** On PostgreSQL, without even the shop's tables: where a backup is restored. */
  empty = false,
} = {}): Promise<{
  config: DatabaseConfig;
  drop(): Promise<void>;
}> {
  if (process.env.TEST_DB !== 'postgres') {
    return {
      config: { kind: 'pglite', dataDir: 'memory://', template: await pgliteTemplate() },
      drop: async () => undefined,
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `apex_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Otherwise a copy of the database test/global-setup.ts migrated once for the whole run.
  await admin.query(
    empty
      ? `create database ${name}`
      : `create database ${name} template ${inject('postgresTemplate')}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function testConfig(database: DatabaseConfig, overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    publicUrl: new URL('http://localhost:3000'),
    trustProxy: false,
    database,
    seedDemo: false,
    auth: {
      secret: 'test-secret-that-is-long-enough-for-hmac-signing',
      adminEmails: [],
      google: null,
    },
    payments: { provider: 'builtin' },
    // Tests that check the cap or the sweep set their own; the rest order freely and sweep by hand.
    orders: { unpaidTtlMinutes: 15, maxUnpaidPerCustomer: 100_000, expirySweepMs: null },
    webDist: null,
    // Made only when something is written there (the demo logins).
    dataDir: path.join(tmpdir(), `apex-data-${randomUUID()}`),
    uploadsDir: mkdtempSync(path.join(tmpdir(), 'apex-uploads-')),
    // Tests serve their pictures from this machine (test/pictures.ts, servePicture).
    picturesFromPrivateNetworks: true,
    // Tests that check the limits set their own; the rest act faster than any customer could.
    limits: { enabled: true, writesPerMinute: 100_000, redisUrl: null },
    metricsToken: null,
    corsOrigins: [],
    backups: null,
    // Tests deliver mail by hand (app.mailSender.deliverDue()).
    mail: {
      smtpUrl: null,
      from: 'Apex Parts <no-reply@localhost>',
      deliverEveryMs: null,
      contactDigestMinutes: 15,
    },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** Empties every table, so each test starts from a clean shop. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(database.config, overrides), {
    passwords: lightPasswordHashing,
    ...options,
  });
  await app.ready();
  return {
    app,
    reset: async () => {
      await app.database.db.execute(
        sql`truncate table builtin_payment_intents, orders, parts, reviews, profiles, sessions, accounts, verifications, pending_sign_ups, contact_questions, rate_limit_counters, audit_log, shop_settings, outbox, backup_runs, vehicles, users restart identity cascade`,
      );
      // The embedded database's limits count in memory, not in the table emptied above.
      await app.rateLimits.forgetAll();
      // Every cache: on PostgreSQL the truncation's notices arrive later.
      app.caches.drop(null);
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The test file's shop, in the hooks every file wants: built before its first test, emptied
 * before each, closed after the last. Read `app` inside tests and hooks, once it is built.
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[1] = {},
): TestApp {
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('The test app is built in beforeAll: use it inside a test');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(overrides, options);
  });
  afterAll(() => built?.close());
  beforeEach(() => current().reset());
  return {
    get app() {
      return current().app;
    },
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** `useTestApp` logging at level info, each line (JSON) kept in `lines` as it is written. */
export function useLoggingTestApp(): { t: TestApp; lines: string[] } {
  const lines: string[] = [];
  const t = useTestApp({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  return { t, lines };
}

/**
 * `useTestApp` whose mail goes to a real SMTP server of its own (test/mail-server.ts), emptied
 * after each test. Mail leaves only when the test calls `app.mailSender.deliverDue()`.
 */
export function useMailingTestApp(overrides: Partial<Config> = {}): {
  t: TestApp;
  smtp: TestMailServer;
} {
  let smtp: TestMailServer | undefined;
  const server = (): TestMailServer => {
    if (!smtp) throw new Error('The mail server starts in beforeAll: use it inside a test');
    return smtp;
  };
  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(() => smtp?.close());
  const t = useTestApp({
    ...overrides,
    get mail() {
      return {
        smtpUrl: server().url,
        from: 'Apex Parts <shop@example.com>',
        deliverEveryMs: null,
        contactDigestMinutes: 15,
      };
    },
  });
  afterEach(() => {
    server().received.length = 0;
  });
  return {
    t,
    smtp: {
      get url() {
        return server().url;
      },
      get received() {
        return server().received;
      },
      waitFor: (count, ms) => server().waitFor(count, ms),
      setDown: (down) => server().setDown(down),
      close: () => server().close(),
    },
  };
}
