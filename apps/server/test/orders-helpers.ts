import type { FastifyInstance } from 'fastify';

import type { Caller } from './accounts-helpers';

/**
 * Charges a test card for an order as the payment page does with the built-in processor: the
 * order's payment intent, then the card confirmed. Answers the intent's secret and the answer
 * to the card (the order is not marked paid yet).
 */
export async function chargeTestCard(
  app: FastifyInstance,
  customer: Caller,
  orderId: string,
  cardNumber = '4242424242424242',
) {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId },
  });
  if (intent.statusCode !== 200) {
    throw new Error(`no payment intent: ${intent.statusCode} ${intent.body}`);
  }
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/builtin/confirm',
    payload: {
      clientSecret,
      card: { number: cardNumber, expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  return { clientSecret, confirmed };
}

/**
 * Pays an order as the payment page does: the public test card 4242 4242 4242 4242 charged,
 * then the order marked paid by that payment. Answers the payment's id (its transaction id).
 */
export async function payWithTestCard(
  app: FastifyInstance,
  customer: Caller,
  orderId: string,
): Promise<string> {
  const { confirmed } = await chargeTestCard(app, customer, orderId);
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
