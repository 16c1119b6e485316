import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { parts } from './catalog-schema';
import { createdAt } from './columns';
import { users } from './identity-schema';

export const orderStatus = pgEnum('order_status', ['unpaid', 'paid', 'shipped', 'cancelled']);

/**
 * Why an unpaid order was cancelled: it expired, its customer cancelled it, or its payment arrived
 * after the last of its parts had sold to someone who paid first (the payment is refunded).
 */
export const orderCancelReason = pgEnum('order_cancel_reason', ['expired', 'customer', 'sold-out']);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The sum of the lines' totals (`order_lines`), which the payment must match. */
    totalCents: integer().notNull(),
    // No cascade: an order is a record of a sale and outlives any change to the account.
    userId: text()
      .notNull()
      .references(() => users.id),
    userName: text().notNull(),
    userEmail: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    status: orderStatus().notNull().default('unpaid'),
    /** The payment provider's id of the intent that paid this order (one intent per order). */
    paymentIntentId: text().unique(),
    transactionId: text(),
    paidAt: timestamp({ withTimezone: true }),
    /** Paid through the built-in test-mode processor: no money moved. */
    testPayment: boolean().notNull().default(false),
    /** An unpaid order lapses at this time unless it is paid first. */
    expiresAt: timestamp({ withTimezone: true }),
    /**
     * Whether the unpaid order holds its stock until `expiresAt`. A hold never takes a part's
     * stock below one minimum order, which goes to whoever pays first (decision 022); an order
     * that does not hold takes its stock when its payment arrives, or is refunded.
     */
    holdsStock: boolean().notNull().default(true),
    /**
     * Set while the payment of an order cancelled as sold out waits for its refund (every
     * instance's sweep asks the provider again until it is done); then `refundedAt` is.
     */
    refundDueAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    /**
     * The key a client sent with the request that placed the order (`Idempotency-Key`): the same
     * request sent again, a double click or a retry after a lost response, gets this order back.
     */
    idempotencyKey: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: orderCancelReason(),
    shippedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check('orders_total_positive', sql`${t.totalCents} > 0`),
    // A customer's orders, newest first, a page at a time from the last one shown (My Orders).
    index('orders_user_idx').on(t.userId, t.createdAt, t.id),
    index('orders_updated_idx').on(t.updatedAt),
    // A customer's unpaid orders, counted on every order placed (the cap on unpaid orders).
    index('orders_user_unpaid_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.status} = 'unpaid'`),
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'unpaid'`),
    uniqueIndex('orders_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_refund_due_idx')
      .on(t.refundDueAt)
      .where(sql`${t.refundDueAt} is not null`),
    // Manage Orders pages newest first, read backwards along (created_at, id) (decision 014):
    // every order, one state's (which also counts the orders by state for the overview), or a
    // search by the start of the customer's e-mail or name (text_pattern_ops serves LIKE 'x%').
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_prefix_idx').on(sql`lower(${t.userEmail}) text_pattern_ops`),
    index('orders_name_prefix_idx').on(sql`lower(${t.userName}) text_pattern_ops`),
    // The admin overview: money and orders per day of payment, and what those orders sold.
    index('orders_paid_idx')
      .on(t.paidAt, t.totalCents, t.testPayment)
      .where(sql`${t.status} in ('paid', 'shipped')`),
  ],
);

/**
 * What an order holds: one line per part, with the part's name and price when ordered, so the
 * order keeps them if the part changes later. An order of the spec's has one line.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order, from 0: the order the customer put the parts in. */
    position: integer().notNull(),
    partId: uuid()
      .notNull()
      .references(() => parts.id),
    partName: text().notNull(),
    unitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    totalCents: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_total_is_unit_times_quantity',
      sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    // What sold, per part (the best sellers, a part's sales).
    index('order_lines_part_idx').on(t.partId),
  ],
);

/** Payment intents of the built-in test-mode processor (the Stripe provider keeps them at Stripe). */
export const builtinPaymentIntents = pgTable('builtin_payment_intents', {
  id: text().primaryKey(),
  orderId: uuid()
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  clientSecret: text().notNull().unique(),
  amountCents: integer().notNull(),
  status: text().notNull().default('requires_payment_method'),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** One line of an order, as the orders' queries read it (modules/orders/lines.ts): a part at its name and price when the order was placed. */
export interface OrderLine {
  partId: string;
  partName: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
}

export type OrderWithLines = OrderRow & { lines: OrderLine[] };
