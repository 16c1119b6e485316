import { useId, useState } from 'react';

import { SubmitButton } from '@/components/submit-button';
import { errorMessage } from '@/lib/api';
import { focusOn } from '@/lib/focus';
import { type ContractField, useContractForm } from '@/lib/use-contract-form';

import { askTheShop } from '../api/contact';

// The home page shows this form: zod loads when it is first checked, not with the page.
const contactSchema = () =>
  import('@apex/contract').then((contract) => contract.ContactQuestionSchema);

/** A field's message, and what ties it to the field for a screen reader. */
function fieldWiring(id: string, { registration, error }: ContractField) {
  const wiring = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  const message = error && (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  );
  return { control: { ...wiring, ...registration }, message };
}

/**
 * The spec's contact form, which sent nothing. It now mails the question to the shop's admins
 * (POST /api/contact) and says so; a mistake is written under its field and read with it.
 */
export function ContactForm() {
  const id = useId();
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(contactSchema, {
    mode: 'onTouched',
    defaultValues: { email: '', question: '' },
  });
  const { isSubmitting } = form.formState;
  const email = fieldWiring(`${id}-email`, form.field('email'));
  const question = fieldWiring(`${id}-question`, form.field('question'));

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setAnswer(null);
    try {
      const { message } = await askTheShop(values);
      setAnswer(message);
      form.reset();
      const status = document.getElementById(`${id}-status`);
      if (status) focusOn(status);
    } catch (failure) {
      setError(errorMessage(failure, 'Your question was not sent'));
    }
  });

  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-xl">
      <h2 id="contact-heading" className="mb-6 text-center text-3xl font-bold">
        Contact us
      </h2>
      <form className="flex flex-col gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="flex flex-col gap-1">
          <label className="floating-label">
            <span>Email</span>
            <input
              type="email"
              autoComplete="email"
              placeholder="Email"
              className="input w-full"
              {...email.control}
            />
          </label>
          {email.message}
        </div>
        <div className="flex flex-col gap-1">
          <label className="floating-label">
            <span>Your question</span>
            <textarea
              placeholder="Your question"
              className="textarea h-28 w-full"
              {...question.control}
            />
          </label>
          {question.message}
        </div>
        <p role="alert" className="min-h-5 text-sm text-red-700">
          {error}
        </p>
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
