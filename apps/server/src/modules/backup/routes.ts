import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { BackupStatusSchema } from '@apex/contract';

import type { Database } from '../../db/client';
import { errorResponses } from '../../lib/error-responses';
import { backupStatus } from './schedule';

const errors = errorResponses(401, 403);

/** The backups' state for admins: a shop whose backups stopped should be seen to have stopped. */
export const backupRoutes: FastifyPluginAsyncZod<{
  db: Database;
  intervalMs: number | null;
}> = async (app, { db, intervalMs }) => {
  app.get(
    '/backups',
    {
      schema: {
        tags: ['backups'],
        summary: 'Scheduled backups: the last good one and the recent runs (admins)',
        response: { 200: BackupStatusSchema, ...errors },
      },
    },
    async (request) => {
      await request.requireAdmin();
      return backupStatus(db, intervalMs);
    },
  );
};
