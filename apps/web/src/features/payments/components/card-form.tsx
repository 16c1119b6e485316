import { lazy, Suspense } from 'react';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/page-spinner';

import { usePaymentConfig } from '../api/payment';
import type { CardFormProps } from './card-form-props';

// Each processor's form is its own chunk: the Stripe SDK never loads in test mode.
const BuiltinCardForm = lazy(() => import('./builtin-card-form'));
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** The card form of whichever processor this shop uses. */
export function CardForm(props: CardFormProps) {
  const config = usePaymentConfig();
  if (config.isError) {
    return (
      <ErrorState
        title="The payment form could not be loaded."
        message={config.error.message}
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (!config.data) return <PageSpinner label="Preparing the payment…" />;
  return (
    <Suspense fallback={<PageSpinner label="Preparing the payment…" />}>
      {config.data.provider === 'stripe' ? (
        <StripeCardForm {...props} publishableKey={config.data.publishableKey} />
      ) : (
        <BuiltinCardForm {...props} />
      )}
    </Suspense>
  );
}
