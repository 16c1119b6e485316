import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { ShopForm } from '@/components/shop-form';
import { ApiError } from '@/lib/api';
import { useSignOut } from '@/lib/session';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { resetPassword } from '../api/password-reset';
import { AccountCard } from '../components/account-card';
import { PasswordField } from '../components/credential-fields';

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
      <ShopForm onSubmit={onSubmit} form={form} submitLabel="Change password">
        <PasswordField
          id="reset-new-password"
          label="New password"
          kind="new"
          field={form.field('newPassword')}
        />
      </ShopForm>
    </AccountCard>
  );
}
