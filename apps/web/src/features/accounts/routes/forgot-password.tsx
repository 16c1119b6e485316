import { useState } from 'react';
import { Link } from 'react-router';

import { FormFailure } from '@/components/form-failure';
import { TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { requestPasswordReset } from '../api/password-reset';
import { AccountCard } from '../components/account-card';
import { limitedMessage } from '../limited-message';

const resetRequestSchema = () =>
  import('@apex/contract').then((contract) => contract.PasswordResetRequestSchema);

/** "Forgot password?": asks for the address and mails it a reset link if an account uses it. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useContractForm(resetRequestSchema, {
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.submit(async (values) => {
    try {
      await requestPasswordReset(values);
    } catch (failure) {
      const limited = limitedMessage(failure, 'for a reset link 5 times an hour');
      throw limited === null ? failure : new Error(limited);
    }
    setSentTo(values.email);
  }, 'The request failed');

  if (sentTo) {
    return (
      <AccountCard title="Check your email">
        <p role="status">
          If an account uses {sentTo}, we have sent it a link to choose a new password. The link
          works once, for one hour.
        </p>
        <Link to="/login" className="link link-primary text-center">
          Back to login
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Forgot your password?">
      <p className="text-center text-base-content/80">
        Enter the email address of your account: we will send it a link to choose a new password.
      </p>
      <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <FormFailure>{form.failure}</FormFailure>
        <SubmitButton className="btn btn-primary" busy={isSubmitting}>
          Send reset link
        </SubmitButton>
      </form>
      <Link to="/login" className="link link-primary text-center text-sm">
        Back to login
      </Link>
    </AccountCard>
  );
}
