import type { FastifyInstance } from 'fastify';

import type { Caller } from './accounts-helpers';

/**
 * Pays an order as the payment page does with the built-in processor: a payment intent, the
 * public test card 4242 4242 4242 4242, then the order marked paid by that payment. Answers the
 * payment's id (the order's transaction id).
 */
export async function payWithTestCard(
  app: FastifyInstance,
  customer: Caller,
  orderId: string,
): Promise<string> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/builtin/confirm',
    payload: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  const paymentId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
  const marked = await app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}`,
    headers: customer.bearer,
    payload: { transactionId: paymentId },
  });
  if (marked.statusCode !== 200) {
    throw new Error(`paying failed: ${marked.statusCode} ${marked.body}`);
  }
  return paymentId;
}
