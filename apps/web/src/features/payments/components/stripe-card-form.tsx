import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useId, useState } from 'react';

import { FormFailure } from '@/components/shop-form';
import { errorMessage } from '@/lib/api';
import { focusOn } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { useSession } from '@/lib/session';

import { usePaymentIntent, usePayOrder } from '../api/payment';
import type { CardFormProps } from './card-form-props';

// One Stripe.js per publishable key for the life of the page, as Stripe asks.
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
};

function StripeForm({ orderId, amountCents, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { user } = useSession();
  const intent = usePaymentIntent(orderId);
  const pay = usePayOrder(orderId);
  const [cardError, setCardError] = useState<string | null>(null);
  const errorId = useId();
  const clientSecret = intent.data?.clientSecret;
  // Requirements §4: submit only when Stripe is ready and a client secret exists; and only once.
  const ready = Boolean(stripe && elements && clientSecret) && !pay.isPending;

  const submit = async (event: React.SyntheticEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || pay.isPending) return;
    setCardError(null);
    try {
      const transactionId = await pay.mutateAsync(async () => {
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: {
            card,
            billing_details: { name: user?.name ?? '', email: user?.email ?? '' },
          },
        });
        if (result.error) throw new Error(result.error.message ?? 'The card was refused');
        return result.paymentIntent.id;
      });
      onPaid(transactionId);
    } catch (error) {
      setCardError(errorMessage(error, 'The payment failed'));
      // Focus goes to the message, as with the built-in form.
      requestAnimationFrame(() => {
        const message = document.getElementById(errorId);
        if (message) focusOn(message);
      });
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <div className="rounded-box border border-base-300 p-3">
        <CardElement options={{ hidePostalCode: false }} />
      </div>
      <FormFailure id={errorId}>{cardError ?? intent.error?.message}</FormFailure>
      <button type="submit" className="btn btn-primary" disabled={!ready}>
        {pay.isPending ? 'Paying…' : `Pay ${formatCents(amountCents)}`}
      </button>
    </form>
  );
}

/** Card payment through Stripe Elements; loaded only when Stripe takes the payments. */
export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <StripeForm {...props} />
    </Elements>
  );
}
