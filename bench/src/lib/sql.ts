// The bench's bulk inserts, run on either database: a PGlite data directory (its shop stopped, as
// it has one owner at a time) or a PostgreSQL database (its shop may run: the change notices of
// the written tables tell it).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface Sql {
  query(text: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export type SqlTarget = { dataDir: string } | { url: string };

export async function openSql(target: SqlTarget): Promise<Sql> {
  if ('dataDir' in target) {
    const db = await PGlite.create(target.dataDir, { extensions: { pg_trgm } });
    return { query: (text, params) => db.query(text, params), close: () => db.close() };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return { query: (text, params) => client.query(text, params), close: () => client.end() };
}

/** Runs `work` on the target, closing it afterwards whatever happens. */
export async function withSql<T>(target: SqlTarget, work: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = await openSql(target);
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}
