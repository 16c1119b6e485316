import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The field's validation message, if any; shown in red and read out with the field. */
  error?: string | undefined;
  /** The react-hook-form binding; a controlled field passes value and onChange instead. */
  registration?: UseFormRegisterReturn;
  /** A hint under the field (kept when an error shows). */
  hint?: string | undefined;
}

/** A labelled form input with its hint and validation message, wired for screen readers. */
export function TextField({ id, label, error, registration, hint, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        className="input w-full"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...input}
        {...registration}
      />
      {hint && (
        <p id={hintId} className="text-sm text-base-content/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
