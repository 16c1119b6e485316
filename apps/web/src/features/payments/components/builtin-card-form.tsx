import { useId, useState } from 'react';

import { TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { focusOn } from '@/lib/focus';
import { formatPrice } from '@/lib/format';

import {
  type CardField,
  CardRefusedError,
  confirmBuiltinCard,
  usePaymentIntent,
  usePayOrder,
} from '../api/payment';
import type { CardFormProps } from './card-form-props';

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
  // A refusal about one field (an expired card, say) shows under that field and is read out with
  // it; a decline or a failure shows under the form.
  const refusedField = pay.error instanceof CardRefusedError ? pay.error.field : null;
  const fieldError = (field: CardField) =>
    refusedField === field ? pay.error?.message : undefined;
  const formError = refusedField ? undefined : (pay.error?.message ?? intent.error?.message);

  const submit = async (event: React.SyntheticEvent) => {
    event.preventDefault();
    const clientSecret = intent.data?.clientSecret;
    if (!clientSecret || pay.isPending) return;
    try {
      const card = { number, cvc, ...parseExpiry(expiry) };
      onPaid(await pay.mutateAsync(() => confirmBuiltinCard(clientSecret, card)));
    } catch (error) {
      // Focus goes to the field to fix, or to the message under the form; from there the next
      // Tab leads on through the card fields.
      const field = error instanceof CardRefusedError ? error.field : null;
      const target = document.getElementById(field ? `${id}-${field}` : `${id}-error`);
      if (target) focusOn(target);
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <div role="note" className="rounded-box bg-amber-100 p-3 text-sm text-amber-950">
        <p className="font-semibold">Test mode — no money moves</p>
        <p>
          Orders paid here are marked as test payments. Use the card 4242 4242 4242 4242 with any
          future date and any CVC; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <TextField
        id={`${id}-number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={fieldError('number')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id={`${id}-expiry`}
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={fieldError('expiry')}
        />
        <TextField
          id={`${id}-cvc`}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={cvc}
          onChange={(e) => setCvc(e.target.value)}
          error={fieldError('cvc')}
        />
      </div>
      <p id={`${id}-error`} role="alert" className="min-h-5 text-sm text-red-700">
        {formError}
      </p>
      <SubmitButton className="btn btn-primary" busy={!ready}>
        {pay.isPending ? 'Paying…' : `Pay ${formatPrice(amount)}`}
      </SubmitButton>
    </form>
  );
}
