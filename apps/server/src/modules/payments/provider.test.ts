import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { startFakeStripe } from '../../../test/fake-stripe';
import { createTestApp } from '../../../test/test-app';

// Which processor a shop pays through, from its settings. Each shop is built inside its test, so
// that a shop that cannot even start fails the test (a failure while a file's shared app is built
// counts as no failed test).

const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

describe('the card processor a shop is set up with', () => {
  it('a shop without Stripe keys tells its payment page to take test cards, and takes them', async () => {
    const shop = await createTestApp();
    try {
      const config = await shop.app.inject({ method: 'GET', url: '/api/payment-config' });
      expect(config.json()).toEqual({ provider: 'builtin' });
      const confirm = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/builtin/confirm',
        payload: { clientSecret: 'pi_test_none_secret_none', card },
      });
      // The card form's own endpoint answers: this payment is unknown, not the address.
      expect(confirm.json()).toMatchObject({
        statusCode: 404,
        message: 'There is no such payment',
      });
    } finally {
      await shop.close();
    }
  });

  it("a shop with Stripe keys sends its payment page to Stripe, and hears Stripe's notices", async () => {
    const fake = await startFakeStripe();
    const shop = await createTestApp({
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_apex',
        publishableKey: 'pk_test_apex',
        webhookSecret: 'whsec_test_apex_parts',
        apiUrl: fake.url,
      },
    });
    try {
      const config = await shop.app.inject({ method: 'GET', url: '/api/payment-config' });
      expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_apex' });
      const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.updated' });
      const notice = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: 'whsec_test_apex_parts',
          }),
        },
        payload,
      });
      expect(notice.json()).toEqual({ received: true });
    } finally {
      await shop.close();
      await fake.close();
    }
  });
});
