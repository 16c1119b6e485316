import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './identity-schema';

export * from './cart-schema';
export * from './catalog-schema';
export * from './fitment-schema';
export * from './identity-schema';
export * from './orders-schema';

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
