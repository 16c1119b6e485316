import { randomBytes } from 'node:crypto';

import { httpErrors } from '@fastify/sensible';
import { and, eq } from 'drizzle-orm';

import type { TestCard } from '@apex/contract';

import type { Database } from '../../db/client';
import { builtinPaymentIntents } from '../../db/schema';
import type { PaymentProvider } from './payment-provider';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * A refusal worded as Stripe words it, with Stripe's code, so both providers read the same to
 * customers and the card form can point at the field to fix.
 */
export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The words for a card confirmed after its order stopped waiting for payment. */
export const ORDER_NO_LONGER_PAYABLE =
  'This order expired or was cancelled before it was paid: nothing was charged.';

/** Stripe's test cards and messages (https://docs.stripe.com/testing). */
export function checkTestCard(card: TestCard, now = new Date()): void {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw new CardError('invalid_number', 'Your card number is invalid.');
  }
  const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (card.expMonth < 1 || card.expMonth > 12 || expiry <= now) {
    throw new CardError('expired_card', 'Your card has expired.');
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    throw new CardError('incomplete_cvc', "Your card's security code is incomplete.");
  }
  if (digits === '4000000000009995') {
    throw new CardError('card_declined', 'Your card has insufficient funds.');
  }
  if (digits !== '4242424242424242' && digits !== '5555555555554444') {
    throw new CardError('card_declined', 'Your card was declined.');
  }
}

/**
 * The default processor: works offline and in tests, moves no money. Intents live in our own
 * database, and only Stripe's test card numbers succeed.
 */
export function createBuiltinProvider(db: Database) {
  const provider: PaymentProvider = {
    name: 'builtin',
    async createIntent({ id: orderId, amountCents }) {
      const [existing] = await db
        .select()
        .from(builtinPaymentIntents)
        .where(eq(builtinPaymentIntents.orderId, orderId));
      if (existing) return { id: existing.id, clientSecret: existing.clientSecret };
      const id = `pi_test_${token(12)}`;
      const [created] = await db
        .insert(builtinPaymentIntents)
        .values({ id, orderId, amountCents, clientSecret: `${id}_secret_${token(18)}` })
        .onConflictDoNothing()
        .returning();
      if (created) return { id: created.id, clientSecret: created.clientSecret };
      // A concurrent request created it first: use that one.
      return provider.createIntent({ id: orderId, amountCents, existingIntentId: null });
    },
    async retrieveIntent(id) {
      const [intent] = await db
        .select()
        .from(builtinPaymentIntents)
        .where(eq(builtinPaymentIntents.id, id));
      if (!intent) return null;
      return {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amountCents,
        orderId: intent.orderId,
      };
    },
    async cancelIntent(id) {
      // One conditional UPDATE: it loses to a card confirmed first (see `confirm`), and then the
      // payment stands.
      const [cancelled] = await db
        .update(builtinPaymentIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          and(
            eq(builtinPaymentIntents.id, id),
            eq(builtinPaymentIntents.status, 'requires_payment_method'),
          ),
        )
        .returning({ id: builtinPaymentIntents.id });
      if (cancelled) return 'cancelled';
      const [intent] = await db
        .select({ status: builtinPaymentIntents.status })
        .from(builtinPaymentIntents)
        .where(eq(builtinPaymentIntents.id, id));
      return intent?.status === 'succeeded' ? 'succeeded' : 'cancelled';
    },
    async refundIntent(id) {
      // Moves no money: the intent says so, once.
      await db
        .update(builtinPaymentIntents)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(
          and(eq(builtinPaymentIntents.id, id), eq(builtinPaymentIntents.status, 'succeeded')),
        );
    },
  };

  return {
    provider,
    /** What Stripe's confirmCardPayment does, for the built-in processor: charge a test card. */
    confirm: async (
      clientSecret: string,
      card: TestCard,
    ): Promise<{ id: string; status: string }> => {
      const [intent] = await db
        .select()
        .from(builtinPaymentIntents)
        .where(eq(builtinPaymentIntents.clientSecret, clientSecret));
      if (!intent) throw httpErrors.notFound('There is no such payment');
      if (intent.status === 'succeeded') return { id: intent.id, status: intent.status };
      checkTestCard(card);
      // One conditional UPDATE: an intent cancelled meanwhile (its order expired) stays
      // cancelled, and the card is not charged.
      const [charged] = await db
        .update(builtinPaymentIntents)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(
          and(
            eq(builtinPaymentIntents.id, intent.id),
            eq(builtinPaymentIntents.status, 'requires_payment_method'),
          ),
        )
        .returning({ id: builtinPaymentIntents.id });
      if (charged) return { id: intent.id, status: 'succeeded' };
      const [now] = await db
        .select({ status: builtinPaymentIntents.status })
        .from(builtinPaymentIntents)
        .where(eq(builtinPaymentIntents.id, intent.id));
      // A second click confirmed it first: the same payment, not a second one.
      if (now?.status === 'succeeded') return { id: intent.id, status: 'succeeded' };
      throw new CardError('payment_intent_unexpected_state', ORDER_NO_LONGER_PAYABLE);
    },
  };
}
