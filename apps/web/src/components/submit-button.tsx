import type { ButtonHTMLAttributes } from 'react';

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> & {
  /** The form is being sent (or cannot be yet): presses are ignored meanwhile. */
  busy: boolean;
};

/**
 * A form's submit button that keeps its focus while the form is sent. A `disabled` button loses
 * focus the moment it is disabled, so a keyboard user who pressed it would find focus on the
 * page itself, back at the top; this one is announced and shown as unavailable (`aria-disabled`)
 * and ignores presses, including Enter in a field, until the form is done.
 */
export function SubmitButton({ busy, onClick, children, ...button }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...button}
    >
      {children}
    </button>
  );
}
