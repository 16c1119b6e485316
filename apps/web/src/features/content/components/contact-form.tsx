import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';

import type { ContactQuestion } from '@apex/contract';

import { SubmitButton } from '@/components/submit-button';
import { errorMessage } from '@/lib/api';
import { focusOn } from '@/lib/focus';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

import { askTheShop } from '../api/contact';

const resolver = lazyZodResolver<ContactQuestion>(() =>
  import('@apex/contract').then((contract) => contract.ContactQuestionSchema),
);

/**
 * The spec's contact form, which sent nothing. It now mails the question to the shop's admins
 * (POST /api/contact) and says so; a mistake is written under its field and read with it.
 */
export function ContactForm() {
  const id = useId();
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ContactQuestion>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', question: '' },
  });
  const { errors, isSubmitting } = form.formState;

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

  const described = (field: keyof ContactQuestion) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

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
              {...described('email')}
              {...form.register('email')}
            />
          </label>
          {errors.email && (
            <p id={`${id}-email-error`} className="text-sm text-red-700">
              {errors.email.message}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label className="floating-label">
            <span>Your question</span>
            <textarea
              placeholder="Your question"
              className="textarea h-28 w-full"
              {...described('question')}
              {...form.register('question')}
            />
          </label>
          {errors.question && (
            <p id={`${id}-question-error`} className="text-sm text-red-700">
              {errors.question.message}
            </p>
          )}
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
