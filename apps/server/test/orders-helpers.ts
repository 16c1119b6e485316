import type { FastifyInstance } from 'fastify';

import type { Caller } from './accounts-helpers';

/** Places an order as the order form sends it, with whatever headers and body a test gives. */
export const placeOrder = (
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) => app.inject({ method: 'POST', url: '/api/orders', headers, payload });

/** Places an order the shop must take (it throws otherwise) and answers its id. */
export async function placeOrderId(
  app: FastifyInstance,
  customer: Caller,
  partId: string,
  orderQuantity: number,
): Promise<string> {
  const res = await placeOrder(app, customer.bearer, { orderId: partId, orderQuantity });
  if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
  return res.json<{ insertedId: string }>().insertedId;
}

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

/** Charges the test card 4242 4242 4242 4242 for an order; answers the payment's id. */
export async function chargedPaymentId(
  app: FastifyInstance,
  customer: Caller,
  orderId: string,
): Promise<string> {
  const { confirmed } = await chargeTestCard(app, customer, orderId);
  return confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
}

/** Reports a payment of an order as the payment page does once the card went through. */
export const recordPayment = (
  app: FastifyInstance,
  customer: Caller,
  orderId: string,
  transactionId: string,
) =>
  app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}`,
    headers: customer.bearer,
    payload: { transactionId },
  });

/**
 * Pays an order as the payment page does: the public test card 4242 4242 4242 4242 charged,
 * then the order marked paid by that payment. Answers the payment's id (its transaction id).
 */
export async function payWithTestCard(
  app: FastifyInstance,
  customer: Caller,
  orderId: string,
): Promise<string> {
  const paymentId = await chargedPaymentId(app, customer, orderId);
  const marked = await recordPayment(app, customer, orderId, paymentId);
  if (marked.statusCode !== 200) {
    throw new Error(`paying failed: ${marked.statusCode} ${marked.body}`);
  }
  return paymentId;
}
