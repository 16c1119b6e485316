import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ReviewListSchema } from '@apex/contract';

import { sendCachedJson } from '../../lib/json-cache';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first (names only, never emails)',
        response: { 200: ReviewListSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await app.reviews.listReviews()),
  );
};
