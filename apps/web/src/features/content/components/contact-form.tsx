import { type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { FormFailure } from '@/components/shop-form';
import { SubmitButton } from '@/components/submit-button';
import { focusOn } from '@/lib/focus';
import { type ContractField, useContractForm } from '@/lib/use-contract-form';

import { askTheShop } from '../api/contact';

// The home page shows this form: zod loads when it is first checked, not with the page.
const contactSchema = () =>
  import('@apex/contract').then((contract) => contract.ContactQuestionSchema);

type FloatingControl = UseFormRegisterReturn & {
  placeholder: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/** A field whose label floats in it, and its message, read out with it. */
function FloatingField(props: {
  id: string;
  label: string;
  field: ContractField;
  control: (wiring: FloatingControl) => ReactNode;
}) {
  const { id, label, field, control } = props;
  const wiring = field.error ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
  return (
    <div className="flex flex-col gap-1">
      <label className="floating-label">
        <span>{label}</span>
        {control({ placeholder: label, ...wiring, ...field.registration })}
      </label>
      {field.error && (
        <p id={id} className="text-sm text-red-700">
          {field.error}
        </p>
      )}
    </div>
  );
}

/**
 * The spec's contact form, which sent nothing. It now mails the question to the shop's admins
 * (POST /api/contact) and says so; a mistake is written under its field and read with it.
 */
export function ContactForm() {
  const id = useId();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useContractForm(contactSchema, {
    mode: 'onTouched',
    defaultValues: { email: '', question: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.submit(async (values) => {
    setAnswer(null);
    const { message } = await askTheShop(values);
    setAnswer(message);
    form.reset();
    const status = document.getElementById(`${id}-status`);
    if (status) focusOn(status);
  }, 'Your question was not sent');

  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-xl">
      <h2 id="contact-heading" className="mb-6 text-center text-3xl font-bold">
        Contact us
      </h2>
      <form className="flex flex-col gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FloatingField
          id={`${id}-email-error`}
          label="Email"
          field={form.field('email')}
          control={(wiring) => (
            <input type="email" autoComplete="email" className="input w-full" {...wiring} />
          )}
        />
        <FloatingField
          id={`${id}-question-error`}
          label="Your question"
          field={form.field('question')}
          control={(wiring) => <textarea className="textarea h-28 w-full" {...wiring} />}
        />
        <FormFailure>{form.failure}</FormFailure>
        <SubmitButton className="btn btn-primary self-center" busy={isSubmitting}>
          Ask Us Anything
        </SubmitButton>
        {/* Present from the start, so the answer is announced as it arrives. */}
        <p id={`${id}-status`} role="status" className="min-h-5 text-center font-medium">
          {answer}
        </p>
      </form>
    </section>
  );
}
