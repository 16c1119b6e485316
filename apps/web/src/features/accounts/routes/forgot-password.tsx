import { useState } from 'react';
import { Link } from 'react-router';

import { ShopForm } from '@/components/shop-form';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { requestPasswordReset } from '../api/password-reset';
import { AccountCard } from '../components/account-card';
import { EmailField } from '../components/credential-fields';
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
      <ShopForm onSubmit={onSubmit} form={form} submitLabel="Send reset link">
        <EmailField id="forgot-email" field={form.field('email')} />
      </ShopForm>
      <Link to="/login" className="link link-primary text-center text-sm">
        Back to login
      </Link>
    </AccountCard>
  );
}
