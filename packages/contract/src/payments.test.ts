import { describe, expect, it } from 'vitest';

import { ConfirmTestCardSchema, MarkPaidSchema, PaymentIntentRequestSchema } from './payments';

describe('paying for an order', () => {
  it('a payment is asked for an order id of up to 64 characters, with or without a price', () => {
    expect(PaymentIntentRequestSchema.safeParse({ orderId: 'o'.repeat(64) }).success).toBe(true);
    expect(
      PaymentIntentRequestSchema.safeParse({ orderId: 'o'.repeat(64), price: 3899 }).success,
    ).toBe(true);
    expect(PaymentIntentRequestSchema.safeParse({ orderId: 'o'.repeat(65) }).success).toBe(false);
  });

  it('a transaction id is kept without the spaces around it, up to 255 characters', () => {
    const transactionId = 't'.repeat(255);
    expect(MarkPaidSchema.parse({ transactionId: ` ${transactionId} ` }).transactionId).toBe(
      transactionId,
    );
    expect(MarkPaidSchema.safeParse({ transactionId: `${transactionId}t` }).success).toBe(false);
  });

  it('an empty or blank transaction id is refused', () => {
    for (const transactionId of ['', '   ']) {
      expect(MarkPaidSchema.safeParse({ transactionId }).success, `"${transactionId}"`).toBe(false);
    }
  });
});

describe('a test card for the built-in processor', () => {
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
  const confirm = (
    overrides: Record<string, unknown>,
    cardOverrides: Record<string, unknown> = {},
  ) =>
    ConfirmTestCardSchema.safeParse({
      clientSecret: 'pi_test_1_secret_2',
      card: { ...card, ...cardOverrides },
      ...overrides,
    }).success;

  it('is taken with a client secret of 1 to 200 characters', () => {
    expect(confirm({})).toBe(true);
    expect(confirm({ clientSecret: 's'.repeat(200) })).toBe(true);
    expect(confirm({ clientSecret: 's'.repeat(201) })).toBe(false);
    expect(confirm({ clientSecret: '' })).toBe(false);
  });

  it('has a number of at most 30 characters and a security code of at most 4', () => {
    expect(confirm({}, { number: '4'.repeat(30), cvc: '1234' })).toBe(true);
    expect(confirm({}, { number: '4'.repeat(31) })).toBe(false);
    expect(confirm({}, { cvc: '12345' })).toBe(false);
  });

  it('has a whole expiry month and year', () => {
    expect(confirm({}, { expMonth: 1.5 })).toBe(false);
    expect(confirm({}, { expYear: 2030.5 })).toBe(false);
  });
});
