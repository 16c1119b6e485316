import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, tsvector } from './columns';

// The catalog's tables: the parts on sale (or taken off it) and the shop's reviews.

export const parts = pgTable(
  'parts',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    image: text().notNull(),
    description: text().notNull(),
    priceCents: integer().notNull(),
    /** Units on the shelf that no order holds or has bought. */
    stock: integer().notNull(),
    minOrder: integer().notNull(),
    /** When admins were last told the stock fell below a minimum order: once a day at most. */
    lowStockMailedAt: timestamp({ withTimezone: true }),
    /**
     * Goes up by one on every change to the row (an edit, a restock, an order reserving stock),
     * so an edit made from an older copy of the part is refused instead of overwriting it.
     */
    version: integer().notNull().default(1),
    /** Set instead of deleting, so orders that name the part keep their history. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /**
     * What search matches: the name's words weigh more than the description's, so a part named
     * for the words comes before one that only mentions them. Kept by the database.
     */
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')`,
      ),
  },
  (t) => [
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    check('parts_stock_not_negative', sql`${t.stock} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrder} >= 1`),
    index('parts_catalog_idx')
      .on(t.name)
      .where(sql`${t.archivedAt} is null`),
    index('parts_search_idx').using('gin', t.search),
    // Names a visitor mistyped: "breke" finds the brake kit (search.ts).
    index('parts_name_trigram_idx').using('gin', t.name.op('gin_trgm_ops')),
    // No index names the stock, on purpose: every order changes a part's stock, and an index over
    // it (even a partial one) would make each such change rewrite every index of the row, the
    // search's two GIN indexes among them, instead of a heap-only update. The overview's low-stock
    // figure reads the parts on sale instead (decision 015).
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    reviewerName: text().notNull(),
    reviewerEmail: text().notNull(),
    rating: smallint().notNull(),
    description: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 1 and 5`)],
);

/**
 * Every column of a part but its search document, which only the search's condition reads, and
 * when admins were last told of its low stock, which only that notice reads: the
 * lists of parts (the catalog's cache, a search's page) leave it in the database. A column added
 * to `parts` and missing here fails the type check wherever a `PartRow` is read.
 */
export const partColumns = {
  id: parts.id,
  name: parts.name,
  image: parts.image,
  description: parts.description,
  priceCents: parts.priceCents,
  stock: parts.stock,
  minOrder: parts.minOrder,
  version: parts.version,
  archivedAt: parts.archivedAt,
  createdAt: parts.createdAt,
  updatedAt: parts.updatedAt,
};

/** A part as the shop reads it (without its search document and the notices' bookkeeping). */
export type PartRow = Omit<typeof parts.$inferSelect, 'search' | 'lowStockMailedAt'>;
export type ReviewRow = typeof reviews.$inferSelect;
