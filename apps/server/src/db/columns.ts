import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made (or, as `updatedAt`, last changed): set by the database. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
