import { customType, timestamp } from 'drizzle-orm/pg-core';

/** When a row was made (or, as `updatedAt`, last changed): set by the database. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's full-text document: the words of a text, stemmed, with their weights. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
