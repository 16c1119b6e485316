import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** The field's validation message, if any; shown in red and read out with the field. */
  error?: string | undefined;
  /** A hint under the field (kept when an error shows). */
  hint?: string | undefined;
  /** The react-hook-form binding; a controlled field passes value and onChange instead. */
  registration?: UseFormRegisterReturn;
}

/** What ties a control to its hint and message for a screen reader. */
interface Wiring {
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** Label, hint and message around one control, wired for screen readers. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  control,
}: FieldFrameProps & {
  control: (wiring: Wiring) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {control({ 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
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

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled form input with its hint and validation message. */
export function TextField({ id, label, error, registration, hint, ...input }: TextFieldProps) {
  const control = (wiring: Wiring) => (
    <input
      id={id}
      className="input w-full read-only:bg-base-200"
      {...wiring}
      {...input}
      {...registration}
    />
  );
  return <FieldFrame {...{ id, label, error, hint, control }} />;
}

type NumberFieldProps = Omit<TextFieldProps, 'type' | 'min' | 'max' | 'step' | 'registration'> & {
  /** The numbers the field takes: whole ones unless `step` says otherwise. */
  range: { min: number; max?: number; step?: number };
  /** The field's binding (registered with `valueAsNumber`) and message. */
  field: { registration: UseFormRegisterReturn; error: string | undefined };
};

/** A labelled number input, with the keyboard for numbers on a phone. */
export function NumberField({ range, field, ...input }: NumberFieldProps) {
  const { min, max, step = 1 } = range;
  const inputMode = Number.isInteger(step) ? 'numeric' : 'decimal';
  return <TextField type="number" {...{ inputMode, min, max, step }} {...input} {...field} />;
}

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line input with its hint and validation message. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { id, label, error, registration, hint, ...area } = props;
  return (
    <FieldFrame
      {...{ id, label, error, hint }}
      control={(wiring) => (
        <textarea id={id} className="textarea w-full" {...wiring} {...area} {...registration} />
      )}
    />
  );
}
