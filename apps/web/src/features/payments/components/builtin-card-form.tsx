import { useId, useState } from 'react';

import { formatPrice } from '@/lib/format';

import { confirmBuiltinCard, usePaymentIntent, usePayOrder } from '../api/payment';
import type { CardFormProps } from './card-form';

/** Splits "MM / YY" into a month and a four-digit year. */
function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
  return { expMonth: Number(month), expYear: 2000 + Number(year.slice(-2)) };
}

/**
 * The card form of the built-in test-mode processor. It submits only once a client secret exists
 * and only once at a time, so a double click can never charge twice.
 */
export default function BuiltinCardForm({ orderId, amount, onPaid }: CardFormProps) {
  const id = useId();
  const intent = usePaymentIntent(orderId);
  const pay = usePayOrder(orderId);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const ready = Boolean(intent.data?.clientSecret) && !pay.isPending;

  const submit = async (event: React.SyntheticEvent) => {
    event.preventDefault();
    const clientSecret = intent.data?.clientSecret;
    if (!clientSecret || pay.isPending) return;
    try {
      const card = { number, cvc, ...parseExpiry(expiry) };
      onPaid(await pay.mutateAsync(() => confirmBuiltinCard(clientSecret, card)));
    } catch {
      // The message shows under the form (pay.error).
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <p className="rounded-box bg-amber-100 p-3 text-sm text-amber-950">
        Test mode: no money moves. Use the card 4242 4242 4242 4242 with any future date and any
        CVC; 4000 0000 0000 0002 is declined.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-number`} className="font-medium">
          Card number
        </label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className="input w-full"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-expiry`} className="font-medium">
            Expiry (MM / YY)
          </label>
          <input
            id={`${id}-expiry`}
            autoComplete="cc-exp"
            placeholder="MM / YY"
            className="input w-full"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-cvc`} className="font-medium">
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            className="input w-full"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
          />
        </div>
      </div>
      <p role="alert" className="min-h-5 text-sm text-red-700">
        {pay.error?.message ?? intent.error?.message}
      </p>
      <button type="submit" className="btn btn-primary" disabled={!ready}>
        {pay.isPending ? 'Paying…' : `Pay ${formatPrice(amount)}`}
      </button>
    </form>
  );
}
