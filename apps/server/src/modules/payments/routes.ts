import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '../../lib/error-responses';
import { CardError, type TestCard } from './builtin-provider';

type ConfirmCard = (
  clientSecret: string,
  card: TestCard,
) => Promise<{ id: string; status: string }>;

const errors = errorResponses(400, 404);

/** The built-in processor's stand-in for Stripe's card confirmation (registered only for it). */
export const builtinPaymentRoutes: FastifyPluginAsyncZod<{ confirmBuiltin: ConfirmCard }> = async (
  app,
  { confirmBuiltin },
) => {
  app.post(
    '/payments/builtin/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Charge a test card (the built-in test-mode processor; no money moves)',
        body: z.object({
          clientSecret: z.string().min(1).max(200),
          card: z.object({
            number: z.string().max(30),
            expMonth: z.number().int(),
            expYear: z.number().int(),
            cvc: z.string().max(4),
          }),
        }),
        response: {
          200: z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
          402: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      try {
        const paymentIntent = await confirmBuiltin(request.body.clientSecret, request.body.card);
        return { paymentIntent };
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        return reply.code(402).send({ error: { code: error.code, message: error.message } });
      }
    },
  );
};
