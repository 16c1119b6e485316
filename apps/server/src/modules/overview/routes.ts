import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { OverviewSchema } from '@apex/contract';

import { adminsOnly } from '../../lib/identity';
import { routeDocs } from '../../lib/route-docs';
import type { OverviewService } from './service';

const doc = routeDocs('overview', 401, 403);

/** The admin's overview of the shop (Dashboard → Overview): the figures of the last 30 days. */
export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (
  app,
  { overview },
) => {
  app.addHook('preHandler', adminsOnly);

  app.get(
    '/overview',
    doc('Revenue and orders per day, orders by state, best sellers, low stock (admins)', {
      response: { 200: OverviewSchema },
    }),
    async () => overview.get(),
  );
};
