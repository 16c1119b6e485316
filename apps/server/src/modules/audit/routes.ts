import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ActivityPageSchema, ActivityQuerySchema } from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import type { AuditLog } from './service';

const errors = errorResponses(400, 401, 403);

export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLog }> = async (
  app,
  { auditLog },
) => {
  app.get(
    '/activity',
    {
      schema: {
        tags: ['audit'],
        summary: 'What admins did, newest first, 50 a page (admins)',
        querystring: ActivityQuerySchema,
        response: { 200: ActivityPageSchema, ...errors },
      },
    },
    async (request) => {
      await request.requireAdmin();
      return auditLog.list({ before: request.query.before });
    },
  );
};
