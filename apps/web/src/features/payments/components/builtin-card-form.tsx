import { useId } from 'react';

import { type CardForm, CardFormSchema, toTestCard } from '@apex/contract/forms';

import { TextField } from '@/components/form-field';
import { FormFailure } from '@/components/shop-form';
import { SubmitButton } from '@/components/submit-button';
import { errorMessage } from '@/lib/api';
import { focusOn } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

import {
  CardRefusedError,
  confirmBuiltinCard,
  usePaymentIntent,
  usePayOrder,
} from '../api/payment';
import type { CardFormProps } from './card-form-props';

/** The card's fields as the customer sees them; each id ends with the field's name. */
const CARD_FIELDS = [
  {
    name: 'number',
    label: 'Card number',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
    placeholder: '1234 1234 1234 1234',
  },
  { name: 'expiry', label: 'Expiry (MM / YY)', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: 'CVC' },
] as const;

/**
 * The card form of the built-in test-mode processor. It submits only once a client secret exists
 * and only once at a time, so a double click can never charge twice. A card that cannot be right
 * is refused here with the contract's words; the processor's refusal about one field (an expired
 * card, say) shows under that field too, and a decline or a failure under the form.
 */
export default function BuiltinCardForm({ orderId, amountCents, onPaid }: CardFormProps) {
  const id = useId();
  const intent = usePaymentIntent(orderId);
  const pay = usePayOrder(orderId);
  const form = useContractForm(CardFormSchema, {
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const ready = Boolean(intent.data?.clientSecret) && !pay.isPending;
  const refused = pay.error instanceof CardRefusedError && pay.error.field !== null;
  const formError = refused ? undefined : (pay.error?.message ?? intent.error?.message);

  const charge = async (card: CardForm) => {
    const clientSecret = intent.data?.clientSecret;
    if (!clientSecret) return;
    try {
      onPaid(await pay.mutateAsync(() => confirmBuiltinCard(clientSecret, toTestCard(card))));
    } catch (error) {
      const field = error instanceof CardRefusedError ? error.field : null;
      if (field) form.setError(field, { message: errorMessage(error, 'Check this field') });
      // Focus goes to the field to fix, or to the message under the form; from there the next
      // Tab leads on through the card fields.
      const target = document.getElementById(field ? `${id}-${field}` : `${id}-error`);
      if (target) focusOn(target);
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => void form.submit(charge, 'The payment failed')(e)}
    >
      <div role="note" className="rounded-box bg-amber-100 p-3 text-sm text-amber-950">
        <p className="font-semibold">Test mode — no money moves</p>
        <p>
          Orders paid here are marked as test payments. Use the card 4242 4242 4242 4242 with any
          future date and any CVC; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {CARD_FIELDS.map(({ name, ...input }) => (
          <div key={name} className={name === 'number' ? 'col-span-2' : undefined}>
            <TextField id={`${id}-${name}`} {...input} {...form.field(name)} />
          </div>
        ))}
      </div>
      <FormFailure id={`${id}-error`}>{formError}</FormFailure>
      <SubmitButton className="btn btn-primary" busy={!ready}>
        {pay.isPending ? 'Paying…' : `Pay ${formatCents(amountCents)}`}
      </SubmitButton>
    </form>
  );
}
