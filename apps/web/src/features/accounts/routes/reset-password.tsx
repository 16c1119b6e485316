import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { FormFailure } from '@/components/form-failure';
import { TextField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { ApiError } from '@/lib/api';
import { useSignOut } from '@/lib/session';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { resetPassword } from '../api/password-reset';
import { AccountCard } from '../components/account-card';

const passwordResetSchema = () =>
  import('@apex/contract').then((contract) => contract.PasswordResetSchema);

/** What the login page shows after a reset (router state, so a reload does not repeat it). */
export interface PasswordChangedState {
  passwordChanged: true;
}

/** Where the link in the reset mail lands: the token in the address, or why it failed. */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [linkFailed, setLinkFailed] = useState(params.has('error') || !token);
  const form = useContractForm(passwordResetSchema, {
    mode: 'onTouched',
    defaultValues: { newPassword: '' },
  });
  const { isSubmitting } = form.formState;

  // A rule only the server checks (a too common password) shows under the field.
  const onSubmit = form.submit(async (values) => {
    try {
      await resetPassword({ ...values, token: token ?? '' });
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.body?.code === 'INVALID_TOKEN')) throw failure;
      setLinkFailed(true);
      return;
    }
    // Every session of the account ended, this browser's too: forget it here as well.
    await signOut();
    const state: PasswordChangedState = { passwordChanged: true };
    await navigate('/login', { replace: true, state });
  }, 'The password was not changed');

  if (linkFailed) {
    return (
      <AccountCard title="This reset link does not work">
        <p>It was used already, has expired (a reset link works for one hour), or is incomplete.</p>
        <Link to="/forgot-password" className="btn btn-primary">
          Ask for a new link
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Choose a new password">
      <p className="text-center text-base-content/80">
        At least 8 characters. Once it is changed, every device signed in to your account is signed
        out.
      </p>
      <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="reset-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
        <FormFailure>{form.failure}</FormFailure>
        <SubmitButton className="btn btn-primary" busy={isSubmitting}>
          Change password
        </SubmitButton>
      </form>
    </AccountCard>
  );
}
