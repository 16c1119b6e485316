import { spawn } from 'node:child_process';

import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { count, desc, like } from 'drizzle-orm';
import { bigint, pgSchema, text } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';

import { inheritedEnvironment } from '../config';
import { PART_IMAGE_PREFIX } from '../paths';
import type { Database } from './database';
import { orders, parts, users } from './schema';

/** drizzle's record of the migrations applied (kept out of schema.ts: no migration makes it). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  hash: text().notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** What one consistent snapshot of the shop's database holds, read inside that snapshot. */
export interface SnapshotFacts {
  counts: { parts: number; orders: number; users: number };
  /** The file names of the uploaded pictures the parts name. */
  pictures: string[];
  /** The newest schema migration applied (drizzle's record of it), or null before any. */
  migration: { hash: string; appliedAt: number } | null;
}

/** A logical dump (SQL that rebuilds the database) and the facts of the same snapshot. */
export interface DatabaseDump {
  facts: SnapshotFacts;
  sql: string;
}

/** The facts of the database as `db` sees it (inside a snapshot, or after a restore). */
export async function snapshotFacts(db: Database): Promise<SnapshotFacts> {
  // One after another: on PostgreSQL they share the snapshot's one connection.
  const [partCount] = await db.select({ n: count() }).from(parts);
  const [orderCount] = await db.select({ n: count() }).from(orders);
  const [userCount] = await db.select({ n: count() }).from(users);
  const pictures = await db
    .selectDistinct({ image: parts.image })
    .from(parts)
    .where(like(parts.image, `${PART_IMAGE_PREFIX}%`));
  const migrations = await db
    .select()
    .from(appliedMigrations)
    .orderBy(desc(appliedMigrations.createdAt))
    .limit(1);
  const [migration] = migrations;
  return {
    counts: { parts: partCount?.n ?? 0, orders: orderCount?.n ?? 0, users: userCount?.n ?? 0 },
    pictures: pictures.map((row) => row.image.slice(PART_IMAGE_PREFIX.length)).sort(),
    migration: migration ? { hash: migration.hash, appliedAt: migration.createdAt } : null,
  };
}

/**
 * The embedded database, dumped while the shop serves. PGlite copies its data directory while
 * holding its own query lock, which no statement crosses: the copy is the database as of that
 * instant, and opening it recovers exactly the transactions committed by then. pg_dump and the
 * facts then read the copy, in memory, while the shop goes on with the original.
 */
export async function dumpPglite(
  client: PGlite,
  options: PGliteOptions,
  schemaDb: (copy: PGlite) => Database,
): Promise<DatabaseDump> {
  const [{ PGlite: PGliteClass }, { pgDump }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-tools/pg_dump'),
  ]);
  const image = await client.dumpDataDir('none');
  const copy = await PGliteClass.create({ ...options, loadDataDir: image });
  try {
    const facts = await snapshotFacts(schemaDb(copy));
    const dump = await pgDump({ pg: copy, args: ['--no-owner', '--no-privileges'] });
    return { facts, sql: await dump.text() };
  } finally {
    await copy.close();
  }
}

export class PgToolMissingError extends Error {
  constructor(tool: string) {
    super(
      `${tool} was not found. Backing up and restoring a PostgreSQL server needs PostgreSQL's ` +
        "client tools, of the server's major version or newer " +
        '(Debian: apt-get install postgresql-client).',
    );
    this.name = 'PgToolMissingError';
  }
}

/**
 * A PostgreSQL server, dumped while the shop serves: the facts are read in a repeatable-read
 * transaction that exports its snapshot, and pg_dump reads that same snapshot.
 */
export async function dumpPostgres(
  client: PoolClient,
  url: string,
  schemaDb: (client: PoolClient) => Database,
): Promise<DatabaseDump> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const {
      rows: [exported],
    } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const facts = await snapshotFacts(schemaDb(client));
    const dump = await runPgTool('pg_dump', url, [
      `--snapshot=${exported?.snapshot ?? ''}`,
      '--inserts',
      '--no-owner',
      '--no-privileges',
    ]);
    return { facts, sql: dump };
  } finally {
    await client.query('commit');
  }
}

/** Where PostgreSQL's client tools find the server: the password in the environment, not argv. */
function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const target = new URL(url);
  const sslmode = target.searchParams.get('sslmode');
  return {
    ...inheritedEnvironment(),
    PGHOST: decodeURIComponent(target.hostname),
    PGPORT: target.port || '5432',
    PGUSER: decodeURIComponent(target.username),
    PGPASSWORD: decodeURIComponent(target.password),
    PGDATABASE: decodeURIComponent(target.pathname.slice(1)),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  };
}

/** Runs one of PostgreSQL's client tools on the server at `url`; answers what it printed. */
function runPgTool(tool: 'pg_dump' | 'psql', url: string, args: string[], input?: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(tool, args, { env: libpqEnvironment(url), stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new PgToolMissingError(tool) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${tool} failed: ${Buffer.concat(err).toString('utf8').trim()}`));
    });
    child.stdin.end(input ?? '');
  });
}

/** Rebuilds a dump of the embedded database in `dataDir`, which holds no database yet. */
export async function restorePglite(
  dataDir: string,
  options: PGliteOptions,
  dump: string,
): Promise<void> {
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  const pglite = await PGliteClass.create(dataDir, options);
  try {
    await pglite.exec(dump);
  } finally {
    await pglite.close();
  }
}

/** Rebuilds a dump of a PostgreSQL server with psql, in one transaction: all of it or nothing. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  await runPgTool('psql', url, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction'], dump);
}
