import { httpErrors } from '@fastify/sensible';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from '../db/client';

/** A table paged newest first: each row's `created_at`, and its `id` to order rows that tie. */
type Paged = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * Keyset paging over lists that grow with the shop's history, newest first. A page's `next` is
 * the id of its last row, and the following page holds the rows before that row by
 * (created_at, id). The comparison happens in the database against the row itself, so it keeps
 * PostgreSQL's microsecond timestamps (a timestamp sent back through JavaScript keeps only
 * milliseconds and skips rows), and no page re-reads or skips rows as new ones arrive (an OFFSET
 * would do both, and cost more the further back it goes).
 *
 * Returns the condition for rows older than `before`, or a 400 when `before` names no row.
 */
export async function olderThan(
  db: Database,
  table: Paged,
  before: string | undefined,
  noSuchRow: string,
): Promise<SQL | undefined> {
  if (before === undefined) return undefined;
  const [anchor] = await db.select({ id: table.id }).from(table).where(eq(table.id, before));
  if (!anchor) throw httpErrors.badRequest(noSuchRow);
  return sql`(${table.createdAt}, ${table.id}) < (select anchor.created_at, anchor.id from ${table} anchor where anchor.id = ${before})`;
}

/** One more row than a page tells whether another page follows. */
export function toPage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
): { page: Row[]; next: string | null } {
  const page = rows.slice(0, limit);
  return { page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
