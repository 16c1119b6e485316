import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ActivityPageSchema, ActivityQuerySchema } from '@apex/contract';

import { adminsOnly } from '../../lib/identity';
import { routeDocs } from '../../lib/route-docs';
import type { AuditLog } from './service';

const doc = routeDocs('audit', 400, 401, 403);

export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLog }> = async (
  app,
  { auditLog },
) => {
  app.addHook('preHandler', adminsOnly);

  app.get(
    '/activity',
    doc('What admins did, newest first, 50 a page (admins)', {
      querystring: ActivityQuerySchema,
      response: { 200: ActivityPageSchema },
    }),
    async (request) => auditLog.list({ before: request.query.before }),
  );
};
