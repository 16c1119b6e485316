import { setFlagsFromString } from 'node:v8';

import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';

import type { DatabaseConfig } from '../config';
import { migrationsFolder } from '../paths';
import { type ChangeListener, CHANGES_CHANNEL, listenForChanges } from './change-notices';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database } from './database';
import * as schema from './schema';
import { type DatabaseDump, dumpPglite, dumpPostgres } from './snapshot';

export type { Database, Transaction } from './database';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** A consistent logical dump, taken while the shop serves (backups). */
  dump(): Promise<DatabaseDump>;
  /**
   * Tells `listener` of every committed write to a table with a change trigger (migrations 0010,
   * 0016 and 0018), by this process or any other, and when notices stop arriving: the caches'
   * staleness in one place (decision 003). Answers a function that stops listening.
   */
  listenForChanges(listener: ChangeListener, log: FastifyBaseLogger): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PGlite's data directory for a database that lives in memory only (tests). */
export const IN_MEMORY = 'memory://';
// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Opens the configured database and brings its schema up to date; `migrate: false` leaves the
 * schema as it is (backup and restore read or check a database, never change it).
 */
export async function openDatabase(
  config: DatabaseConfig,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, migrate)
    : openPglite(config.dataDir, migrate, config.template);
}

/**
 * How every embedded database of the shop is opened, the copies of backups and restores too.
 * PostgreSQL's default 128 MB of shared buffers stays resident in PGlite's memory; the shop's
 * whole database fits in far less, and the process stays within its memory budget. pg_trgm
 * (typo-tolerant search) is compiled into PostgreSQL servers but loaded by PGlite on request:
 * a database whose schema uses it cannot be opened without it.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  extensions: { pg_trgm },
} satisfies PGliteOptions;

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its quick baseline
 * compiler and, by default, soon recompiles every function that has run a little with its
 * optimizing one, on background threads. PostgreSQL's start-up code runs once, yet it crossed that
 * threshold: on a 2-core machine the recompiling took the second core and slowed the start by
 * about a third. A budget 100 times V8's default (1,800,000) still optimizes what stays hot under
 * load; orders per second did not change (docs/performance.md).
 */
const WASM_TIERING_BUDGET = 180_000_000;

async function openPglite(
  dataDir: string,
  migrate: boolean,
  template?: Blob,
): Promise<DatabaseHandle> {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  const lock = dataDir === IN_MEMORY ? null : acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(dataDir, {
      ...PGLITE_OPTIONS,
      ...(template ? { loadDataDir: template } : {}),
    });
    const withSchema = (pglite: PGlite) =>
      drizzlePglite({ client: pglite, schema, casing: 'snake_case' });
    const db = withSchema(client);
    if (migrate) await migratePglite(db, { migrationsFolder });
    return {
      db: db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      dump: () => dumpPglite(client, PGLITE_OPTIONS, withSchema),
      // One process holds the database: its own connection hears its triggers at each commit,
      // before the write's caller goes on.
      // In the same process, on its own connection: these notices cannot be lost.
      listenForChanges: async (listener) => {
        const stop = await client.listen(CHANGES_CHANNEL, (table) => listener.drop(table || null));
        // Closing the database has stopped it already.
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Several instances may start together: one migrates, the others wait for it. */
async function migratePostgres(pool: Pool): Promise<void> {
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: lockClient, casing: 'snake_case' }), {
      migrationsFolder,
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    lockClient.release();
  }
}

async function openPostgres(url: string, migrate: boolean): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: the embedded default starts faster without the driver.
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
    if (migrate) await migratePostgres(pool);
    return {
      db: db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      dump: async () => {
        const client = await pool.connect();
        try {
          return await dumpPostgres(client, url, (snapshot) =>
            drizzleNodePg({ client: snapshot, schema, casing: 'snake_case' }),
          );
        } finally {
          client.release();
        }
      },
      listenForChanges: (listener, log) => listenForChanges(url, listener, log),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
