import { httpErrors } from '@fastify/sensible';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

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
  /** Only these parts: the ones that fit the customer's vehicle (`?vehicle=`); null for all. */
  fitting?: ReadonlySet<string> | null | undefined;
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

/**
 * How alike a name must be to what was typed to match when no word does (pg_trgm's word
 * similarity). Its default, 0.6, misses one wrong letter in a five-letter word ("breke" is 0.33
 * of "Brake kit"); this low a bar lets in names that only look alike, which is why close
 * spellings are tried only when the words themselves find nothing.
 */
const TYPO_SIMILARITY = 0.3;

/** What a search matches: its words (stemmed, as full-text search does), or names spelled close. */
type Match = { words: SQL } | { spelling: string };

/** The condition a part (the parts table, or another alias of it) meets, and how well. */
function matchOf(match: Match, table: SQL): { where: SQL; rank: SQL } {
  return 'words' in match
    ? {
        where: sql`${table}.search @@ ${match.words}`,
        rank: sql`ts_rank(${table}.search, ${match.words})`,
      }
    : {
        where: sql`${match.spelling} <% ${table}.name`,
        // Measured against whole words of the name, so "breke" is closer to "Brake kit" than
        // to "Brakeline kit", which the looser measure that matches finds as close.
        rank: sql`strict_word_similarity(${match.spelling}, ${table}.name)`,
      };
}

function orderingOf(sort: PartSort, match: Match | null): Ordering {
  const by = (column: string, direction: Ordering['direction']): Ordering => ({
    keys: [sql`${parts}.${sql.identifier(column)}`, sql`${parts.id}`],
    anchorKeys: [sql`anchor.${sql.identifier(column)}`, sql`anchor.id`],
    direction,
  });
  switch (sort) {
    case 'relevance':
      // Without words, nothing ranks: the parts come by name.
      if (!match) return by('name', 'asc');
      return {
        keys: [matchOf(match, sql`${parts}`).rank, sql`${parts.id}`],
        anchorKeys: [matchOf(match, sql`anchor`).rank, sql`anchor.id`],
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

/** What a search's words match, as full-text search reads them. */
const wordsOf = (words: string): Match => ({
  words: sql`websearch_to_tsquery('english', ${words})`,
});

/**
 * Whether the words ask for exactly what they say, with a phrase in quotes or a word left out
 * with `-`: then names spelled close to them are never tried.
 */
export const asksExactly = (words: string) => /"|(^|\s)-/.test(words);

/**
 * Runs `read` where names spelled close to `spelling` match. For that transaction only:
 * `<%` reads its bar from this setting, and only `<%` (not a comparison with word_similarity)
 * can use the trigram index.
 */
function withTypoBar<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
    );
    return read(tx);
  });
}

/**
 * One page of the parts on sale that match, in the order asked, and how many match in all.
 * The words are taken as a person types them (`websearch_to_tsquery`: quotes make a phrase,
 * `-` leaves a word out, nothing else is syntax), so no input makes the query fail. Plain words
 * that find nothing are tried once more as names spelled close to them, so a typo finds the part.
 * Pages follow each other by keyset: the next page holds the parts after the last one of this
 * page, compared in the database against that part itself, so no part is skipped or repeated.
 */
export async function searchParts(
  db: Database,
  search: PartSearch,
): Promise<{ rows: PartRow[]; total: number; next: string | null }> {
  if (!search.words) return pageOf(db, search, null);
  const found = await pageOf(db, search, wordsOf(search.words));
  if (found.total > 0 || asksExactly(search.words)) return found;
  const spelling = search.words;
  return withTypoBar(db, (tx) => pageOf(tx, search, { spelling }));
}

/**
 * The ids of every part on sale that the words match, the most relevant first, in the order
 * `searchParts` gives them; by their spelling alone (names spelled close), when asked.
 * One query without paging or counting: the matches of a search are kept in memory and paged
 * there (`search-memory.ts`).
 */
export async function rankedMatches(
  db: Database,
  words: string,
  by: 'words' | 'spelling',
): Promise<string[]> {
  const read = async (db: Database) => {
    const match = by === 'words' ? wordsOf(words) : { spelling: words };
    const { where, rank } = matchOf(match, sql`${parts}`);
    const rows = await db
      .select({ id: parts.id })
      .from(parts)
      .where(and(isNull(parts.archivedAt), where))
      .orderBy(desc(rank), desc(parts.id));
    return rows.map((row) => row.id);
  };
  return by === 'words' ? read(db) : withTypoBar(db, read);
}

async function pageOf(
  db: Database,
  search: PartSearch,
  match: Match | null,
): Promise<{ rows: PartRow[]; total: number; next: string | null }> {
  const matching = and(
    isNull(parts.archivedAt),
    match ? matchOf(match, sql`${parts}`).where : undefined,
    search.inStockOnly ? sql`${parts.stock} >= ${parts.minOrder}` : undefined,
    search.fitting ? inArray(parts.id, [...search.fitting]) : undefined,
  );
  const ordering = orderingOf(search.sort, match);
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
