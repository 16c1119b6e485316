import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { BackupStatusSchema } from '@apex/contract';

import type { Database } from '../../db/client';
import { adminsOnly } from '../../lib/identity';
import { routeDocs } from '../../lib/route-docs';
import { backupStatus } from './schedule';

const doc = routeDocs('backups', 401, 403);

/** The backups' state for admins: a shop whose backups stopped should be seen to have stopped. */
export const backupRoutes: FastifyPluginAsyncZod<{
  db: Database;
  intervalMs: number | null;
}> = async (app, { db, intervalMs }) => {
  app.addHook('preHandler', adminsOnly);

  app.get(
    '/backups',
    doc('Scheduled backups: the last good one and the recent runs (admins)', {
      response: { 200: BackupStatusSchema },
    }),
    async () => backupStatus(db, intervalMs),
  );
};
