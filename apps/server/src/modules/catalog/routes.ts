import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ApiErrorSchema, PartListSchema, PartParamsSchema, PartSchema } from '@apex/contract';

import { sendCachedJson } from '../../lib/json-cache';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/parts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The parts on sale',
        response: { 200: PartListSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await app.catalog.listParts()),
  );

  app.get(
    '/parts/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One part on sale',
        params: PartParamsSchema,
        response: { 200: PartSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const part = await app.catalog.findPart(request.params.id);
      if (!part) throw app.httpErrors.notFound('There is no part with this id in the catalogue');
      return sendCachedJson(request, reply, part);
    },
  );
};
