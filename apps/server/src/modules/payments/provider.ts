import type { PaymentsConfig } from '../../config';
import type { Database } from '../../db/client';
import { createBuiltinProvider } from './builtin-provider';

/**
 * The configured card processor, with what its routes need: Stripe when its keys are set (its
 * SDK loads only then), else the built-in test mode, whose intents live in our own database.
 */
export async function createPaymentProvider(config: PaymentsConfig, db: Database) {
  if (config.provider === 'stripe') {
    const { createStripeClient, createStripeProvider } = await import('./stripe-provider');
    const stripe = createStripeClient(config);
    return {
      kind: 'stripe' as const,
      provider: createStripeProvider(stripe),
      publicConfig: { provider: 'stripe', publishableKey: config.publishableKey } as const,
      stripe,
      webhookSecret: config.webhookSecret,
    };
  }
  const builtin = createBuiltinProvider(db);
  return {
    kind: 'builtin' as const,
    provider: builtin.provider,
    publicConfig: { provider: 'builtin' } as const,
    confirmTestCard: builtin.confirm,
  };
}

export type PaymentProcessor = Awaited<ReturnType<typeof createPaymentProvider>>;
