import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { CHANGES_CHANNEL } from '../src/db/change-notices';

/**
 * Waits until every change notice of the writes committed so far has reached the app (on
 * PostgreSQL): a notice that came later would drop what the app keeps while a test counts on it.
 * Notices arrive in the order their writes committed, so once one sent now is heard, those before
 * it were.
 */
export async function noticesHeard(app: FastifyInstance): Promise<void> {
  // Its own notice would never come, and the test would wait out its time saying nothing.
  if (!app.caches.listening()) throw new Error('the app is not listening for change notices');
  const marker = `heard-${randomUUID()}`;
  const caches = app.caches;
  const drop = caches.drop;
  const heard = new Promise<void>((resolve) => {
    caches.drop = (table) => {
      if (table !== marker) {
        drop(table);
        return;
      }
      caches.drop = drop;
      resolve();
    };
  });
  await app.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
  await heard;
}
