import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import type * as schema from './schema';

/** The shop's database, embedded or a server: drizzle over the one schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction on it, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
