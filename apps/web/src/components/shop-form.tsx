import type { ReactNode, SyntheticEvent } from 'react';

import { SubmitButton } from './submit-button';

/**
 * Why a form was not sent, in red under it. Present while empty, so a screen reader announces the
 * message as it appears.
 */
export function FormFailure({
  id,
  children,
}: {
  id?: string;
  children: string | null | undefined;
}) {
  return (
    <p id={id} role="alert" className="min-h-5 text-sm text-red-700">
      {children}
    </p>
  );
}

interface ShopFormProps {
  /** The submit handler of `useContractForm`, or one like it. */
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>;
  /** What the form's failure and its button read of `useContractForm`. */
  form: { failure: string | undefined; formState: { isSubmitting: boolean } };
  submitLabel: string;
  /** The button's look where the page wants it other than full width. */
  buttonClassName?: string;
  /** Set while something else the form needs is still on its way (a picture upload). */
  busy?: boolean;
  children: ReactNode;
}

/** A form of the shop: its fields, the message of why it was not sent, and its button. */
export function ShopForm(props: ShopFormProps) {
  const { onSubmit, form, submitLabel, buttonClassName = 'btn btn-primary', children } = props;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
      {children}
      <FormFailure>{form.failure}</FormFailure>
      <SubmitButton
        className={buttonClassName}
        busy={form.formState.isSubmitting || props.busy === true}
      >
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
