import { httpErrors } from '@fastify/sensible';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';

import type { PartSort } from '@apex/contract';

import type { Database } from '../../db/client';
import { partColumns, type PartRow, parts } from '../../db/schema';
import { toPage } from '../../lib/keyset';

/** A search of the parts on sale, in the shop's words. */
export interface PartSearch {
  /** What the visitor typed; null lists every part. */
  words: string | null;
  sort: PartSort;
  /** Only parts with stock for at least one order (stock at least the minimum order). */
  inStockOnly: boolean;
  limit: number;
  /** The last part of the page before: the page holds the parts that come after it. */
  after: string | null;
}

/**
 * What a sort orders by, in the rows of the page and in the row the page starts after (aliased
 * `anchor`), all keys in one direction; the part's id last, so that no two parts tie.
 */
interface Ordering {
  keys: SQL[];
  anchorKeys: SQL[];
  direction: 'asc' | 'desc';
}

function orderingOf(sort: PartSort, query: SQL | null): Ordering {
  const by = (column: string, direction: Ordering['direction']): Ordering => ({
    keys: [sql`${parts}.${sql.identifier(column)}`, sql`${parts.id}`],
    anchorKeys: [sql`anchor.${sql.identifier(column)}`, sql`anchor.id`],
    direction,
  });
  switch (sort) {
    case 'relevance':
      // Without words, nothing ranks: the parts come by name.
      if (!query) return by('name', 'asc');
      return {
        keys: [sql`ts_rank(${parts.search}, ${query})`, sql`${parts.id}`],
        anchorKeys: [sql`ts_rank(anchor.search, ${query})`, sql`anchor.id`],
        direction: 'desc',
      };
    case 'name':
      return by('name', 'asc');
    case 'price':
      return by('price_cents', 'asc');
    case 'price-desc':
      return by('price_cents', 'desc');
    case 'newest':
      return by('created_at', 'desc');
  }
}

/**
 * One page of the parts on sale that match, in the order asked, and how many match in all.
 * The words are taken as a person types them (`websearch_to_tsquery`: quotes make a phrase,
 * `-` leaves a word out, nothing else is syntax), so no input makes the query fail. Pages follow
 * each other by keyset: the next page holds the parts after the last one of this page, compared
 * in the database against that part itself, so no part is skipped or repeated.
 */
export async function searchParts(
  db: Database,
  search: PartSearch,
): Promise<{ rows: PartRow[]; total: number; next: string | null }> {
  const query = search.words ? sql`websearch_to_tsquery('english', ${search.words})` : null;
  const matching = and(
    isNull(parts.archivedAt),
    query ? sql`${parts.search} @@ ${query}` : undefined,
    search.inStockOnly ? sql`${parts.stock} >= ${parts.minOrder}` : undefined,
  );
  const ordering = orderingOf(search.sort, query);
  let afterAnchor: SQL | undefined;
  if (search.after) {
    const [anchor] = await db
      .select({ id: parts.id })
      .from(parts)
      .where(eq(parts.id, search.after));
    if (!anchor) throw httpErrors.badRequest('cursor names no part: start from the first page');
    const compare = ordering.direction === 'asc' ? sql`>` : sql`<`;
    afterAnchor = sql`(${sql.join(ordering.keys, sql`, `)}) ${compare} (select ${sql.join(
      ordering.anchorKeys,
      sql`, `,
    )} from ${parts} anchor where anchor.id = ${search.after})`;
  }
  const sortBy = ordering.direction === 'asc' ? asc : desc;
  const rows = await db
    .select(partColumns)
    .from(parts)
    .where(and(matching, afterAnchor))
    .orderBy(...ordering.keys.map((key) => sortBy(key)))
    .limit(search.limit + 1);
  const [counted] = await db.select({ total: count() }).from(parts).where(matching);
  const { page, next } = toPage(rows, search.limit);
  return { rows: page, total: counted?.total ?? 0, next };
}
