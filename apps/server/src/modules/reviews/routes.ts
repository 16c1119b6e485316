import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AddedReviewSchema, NewReviewSchema, ReviewListSchema } from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import { sendCachedJson } from '../../lib/json-cache';
import { type Reviews, toReviewJson } from './service';

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: Reviews }> = async (
  app,
  { reviews },
) => {
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first (names only, never emails)',
        response: { 200: ReviewListSchema },
      },
    },
    async (_request, reply) => sendCachedJson(reply, await reviews.listReviews()),
  );

  app.post(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: "Add a review as the signed-in customer (the name and email are the account's)",
        body: NewReviewSchema,
        response: { 201: AddedReviewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const review = await reviews.addReview(await request.requireUser(), request.body);
      return reply.code(201).send({ insertedId: review.id, review: toReviewJson(review) });
    },
  );
};
