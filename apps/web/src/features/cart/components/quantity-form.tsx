import { type ReactNode, useEffect, useMemo } from 'react';

// The zod-free entry: the part page shows the hint before any schema has loaded.
import { orderQuantityHint } from '@apex/contract/quantity-rules';

import { NumberField } from '@/components/form-field';
import { FormFailure } from '@/components/shop-form';
import { SubmitButton } from '@/components/submit-button';
import { useContractForm } from '@/lib/use-contract-form';

interface QuantityFormProps {
  id: string;
  /** The part's rules: a whole quantity from its minimum order to its stock. */
  minOrder: number;
  stock: number;
  /** The quantity shown at first, and again whenever it changes elsewhere. */
  quantity: number;
  label: ReactNode;
  /** The button's text, its name for a screen reader where the text alone is not enough, its look. */
  button: { text: string; name?: string; className: string };
  onSave: (quantity: number) => Promise<void>;
  /** Said when saving failed without words of its own. */
  failed: string;
  className?: string;
}

/**
 * A quantity of one part within its rules, with the spec's hint under it and the contract's
 * message when it is out of range, and the button that saves it (the part page's "Add to cart",
 * a cart line's "Update").
 */
export function QuantityForm(props: QuantityFormProps) {
  const { id, minOrder, stock, quantity, label, button, onSave, failed } = props;
  // A loader made again only when the rules move: zod arrives with the first check.
  const schema = useMemo(
    () => () =>
      import('@apex/contract/forms').then((forms) =>
        forms.cartQuantityFormSchema({ minOrder, stock }),
      ),
    [minOrder, stock],
  );
  const form = useContractForm(schema, { mode: 'onChange', defaultValues: { quantity } });
  const { reset } = form;
  // The line changed elsewhere (another tab, another device, the merge at sign-in).
  useEffect(() => reset({ quantity }), [reset, quantity]);
  const submit = form.submit((values) => onSave(values.quantity), failed);

  return (
    <form noValidate className={props.className} onSubmit={(e) => void submit(e)}>
      <NumberField
        id={id}
        label={label}
        range={{ min: minOrder, max: stock }}
        hint={orderQuantityHint(minOrder, stock)}
        field={form.field('quantity', { valueAsNumber: true })}
      />
      <FormFailure>{form.failure}</FormFailure>
      <SubmitButton
        className={button.className}
        busy={form.formState.isSubmitting}
        aria-label={button.name}
      >
        {button.text}
      </SubmitButton>
    </form>
  );
}
