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

/**
 * Opaque keyset cursors, for lists whose rows can be deleted (the admin lists, decision 014): the
 * id cursor above needs its row to still exist, and an admin may delete the last order of the page
 * another admin is reading. A page's `next` carries the
 * (created_at, id) of its last row, so the next page is "rows before this one" whatever happened
 * to that row since (shipped, deleted), and no page skips or repeats a row as new ones arrive.
 * The time keeps PostgreSQL's microseconds, which a JavaScript Date would lose (and skip rows
 * that share a millisecond).
 */
export interface RowPosition {
  /** `created_at` in UTC, to the microsecond: `2026-11-26T10:47:55.123456Z`. */
  createdAt: string;
  id: string;
}

const MICROSECOND_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const NOT_A_CURSOR = 'cursor must be the `next` of a page';

export function encodeCursor({ createdAt, id }: RowPosition): string {
  return Buffer.from(`${createdAt} ${id}`).toString('base64url');
}

/**
 * The row a cursor stands after; a 400 for anything the server did not hand out, so no stray
 * text reaches a query as a time or an id.
 */
export function decodeCursor(cursor: string | undefined, id: RegExp): RowPosition | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt = '', rowId = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(' ');
  const millis = MICROSECOND_TIME.exec(createdAt)?.[1];
  const time = millis === undefined ? Number.NaN : Date.parse(`${millis}Z`);
  const real =
    Number.isFinite(time) &&
    time >= 0 &&
    // 2026-02-30 is no day: a Date would roll it over, PostgreSQL would refuse it with a 500.
    new Date(time).toISOString() === `${millis}Z`;
  if (!real || rest.length > 0 || !id.test(rowId)) throw httpErrors.badRequest(NOT_A_CURSOR);
  return { createdAt, id: rowId };
}

/** A row's `created_at` as a cursor keeps it: UTC, to the microsecond. */
export const positionTime = (createdAt: PgColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows older than `position`, newest first by (created_at, id); served by an index on both. */
export function olderThanPosition(
  createdAt: PgColumn,
  id: PgColumn,
  position: RowPosition | undefined,
  idType: 'uuid' | 'text',
): SQL | undefined {
  if (!position) return undefined;
  const anchorId = idType === 'uuid' ? sql`${position.id}::uuid` : sql`${position.id}::text`;
  return sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${anchorId})`;
}

/**
 * Text that starts with `words`, in any case: LIKE 'words%' on `lower(column)`, which an index
 * with text_pattern_ops serves. The customer's own %, _ and \ are escaped, so they match
 * themselves and never act as wildcards.
 */
export function startsWith(column: PgColumn, words: string): SQL {
  const escaped = words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(${column}) like ${`${escaped}%`}`;
}

/** One more row than a page tells whether another page follows; `next` is its last row's. */
export function toCursorPage<Row extends { id: string; position: string }>(
  rows: Row[],
  limit: number,
): { page: Row[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    next:
      rows.length > limit && last ? encodeCursor({ createdAt: last.position, id: last.id }) : null,
  };
}
