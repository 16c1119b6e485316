import { relations, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';

// Identity tables, in the shape Better Auth (with its admin plugin) reads and writes.
// Ids are Better Auth's random strings, not UUIDs.

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    /** 'admin' or 'user'; checked on every request, against the caller kept or read (decision 016). */
    role: text().notNull().default('user'),
    banned: boolean().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  // The Users list pages newest first and searches by the start of an address or a name
  // (decision 014).
  (t) => [
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    impersonatedBy: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    /** The password hash, for email + password accounts. */
    password: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/**
 * How sign-in's tables hang together, for Better Auth's joined reads (`advanced.database.joins`):
 * a request's session and its user come back in one query instead of two.
 */
export const userRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
export const sessionRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Sign-ups waiting for their address to be confirmed (decision 021). No account exists until the
 * person who holds the mailed link types the password chosen at sign-up, so nobody can claim an
 * address in advance: an unconfirmed sign-up holds no address, no session and no stock. Tokens are
 * kept as SHA-256 hashes, so a copy of the database opens no link.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: text().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** Wrong passwords typed on the link's page; the sign-up is dropped at the limit. */
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_sign_ups_email_idx').on(t.email)],
);
