import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
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

export * from './cart-schema';
export * from './catalog-schema';
export * from './identity-schema';

/**
 * Request counts of the version before decision 020, which counted limits here on PostgreSQL
 * without Redis. Nothing reads it now; it stays while an instance of that version may still run
 * beside this one in a rolling deploy, and a later release drops it (README, Open items).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetsAt: timestamp({ withTimezone: true }).notNull(),
});

/** What a customer adds about themselves on My Profile; name and email stay on the account. */
export const profiles = pgTable('profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  education: text().notNull().default(''),
  location: text().notNull().default(''),
  phone: text().notNull().default(''),
  linkedin: text().notNull().default(''),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

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

/**
 * What admins did, for the shop to account for: who, what, to which thing, when, and the thing
 * before and after. Rows are only ever added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    // No foreign key: the record outlives the account that made it.
    actorId: text().notNull(),
    actorEmail: text().notNull(),
    /** What was done, e.g. `order.ship`, `part.restock`, `user.make-admin`. */
    action: text().notNull(),
    /** What it was done to: `order`, `part` or `user`, and its id. */
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

/** One-off facts about this shop's own life, such as when its demo data was seeded. */
/**
 * Questions from the home page's contact form, waiting for the next digest: admins get them
 * together, a few times an hour at most, however many come (decision 021's rule for mail that
 * anyone can cause).
 */
export const contactQuestions = pgTable(
  'contact_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    fromEmail: text().notNull(),
    question: text().notNull(),
    /** When a digest took it; null while it waits. */
    digestedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_questions_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.digestedAt} is null`),
  ],
);

export const shopSettings = pgTable('shop_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

export const outboxState = pgEnum('outbox_state', ['pending', 'sent', 'kept', 'failed']);

/**
 * E-mail to send, written in the same transaction as the change that causes it, so an order
 * that commits always gets its mail and a rolled-back one never does. Senders in every server
 * process claim due rows, deliver them and mark them sent only once the mail server took them.
 * Without a mail server configured, rows are `kept` for admins to read on Dashboard → Outbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Which message: `order-placed`, `order-paid`, `password-reset`, … (see modules/mail). */
    kind: text().notNull(),
    recipient: text().notNull(),
    /** What the message says, as of the change: rendered to HTML and text when it is sent. */
    data: jsonb().notNull(),
    state: outboxState().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** Not before this time: a claim by a sender, or the backoff after a failed attempt. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt, t.id),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Scheduled backups (modules/backup/schedule.ts): one row per interval, claimed by the one
 * instance that takes that interval's backup; the newest finished row without an error is the
 * last good backup, whichever instance took it.
 */
export const backupRuns = pgTable('backup_runs', {
  /** The start of the interval this backup belongs to: every instance computes the same. */
  slotStart: timestamp({ withTimezone: true }).primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
  file: text(),
  /** Why it failed; a failed interval is tried again at the next check. */
  error: text(),
});
