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

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const parts = pgTable(
  'parts',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    image: text().notNull(),
    description: text().notNull(),
    priceCents: integer().notNull(),
    /** Units on the shelf; orders reserve from it. */
    stock: integer().notNull(),
    minOrder: integer().notNull(),
    /** Set instead of deleting, so orders that name the part keep their history. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    check('parts_stock_not_negative', sql`${t.stock} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrder} >= 1`),
    index('parts_catalogue_idx')
      .on(t.name)
      .where(sql`${t.archivedAt} is null`),
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

export type PartRow = typeof parts.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
