import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

import { parts } from './catalog-schema';
import { createdAt } from './columns';
import { users } from './identity-schema';

/**
 * A customer's cart: the parts they mean to order, kept on the server so that it follows them
 * from one device to another. A visitor's cart stays in the browser until they sign in.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    /** The price the customer was shown: a checkout at another price waits until they see it. */
    shownUnitPriceCents: integer().notNull(),
    /** When the part was first put in the cart: the cart keeps that order. */
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
