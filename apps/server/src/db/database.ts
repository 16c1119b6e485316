import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import type * as schema from './schema';

/** The shop's database, embedded or a server: drizzle over the one schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
