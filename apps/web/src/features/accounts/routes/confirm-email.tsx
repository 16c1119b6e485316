import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ShopForm } from '@/components/shop-form';
import { ApiError } from '@/lib/api';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { confirmSignUp, useFinishSignIn } from '../api/sign-in';
import { AccountCard } from '../components/account-card';
import { PasswordField } from '../components/credential-fields';

const confirmSchema = () =>
  import('@apex/contract').then((contract) => contract.ConfirmSignUpSchema);

/**
 * Where the link in the sign-up mail lands. The account is made, and signed in, once the person
 * holding the link types the password chosen at sign-up (decision 021).
 */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const token = useSearchParams()[0].get('token') ?? '';
  const { finish } = useFinishSignIn('/');
  const [linkFailed, setLinkFailed] = useState<string | null>(
    token ? null : 'This link is incomplete: open it from the mail again.',
  );
  const form = useContractForm(confirmSchema, {
    mode: 'onTouched',
    defaultValues: { token, password: '' },
  });

  // A wrong password shows under its field; a link that no longer works, on a page of its own.
  const onSubmit = form.submit(async (values) => {
    try {
      await confirmSignUp(values);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && !failure.body?.fields) {
        setLinkFailed(failure.message);
        return;
      }
      throw failure;
    }
    await finish();
  }, 'Your address could not be confirmed');

  if (linkFailed) {
    return (
      <AccountCard title="This link does not work">
        <p role="status">{linkFailed}</p>
        <Link to="/signup" className="btn btn-primary">
          Sign up again
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Confirm your e-mail address">
      <p className="text-center text-base-content/80">
        Type the password you chose when you signed up. Your account is made, and you are signed in,
        once it matches.
      </p>
      <ShopForm onSubmit={onSubmit} form={form} submitLabel="Confirm and sign in">
        <PasswordField id="confirm-password" kind="current" field={form.field('password')} />
      </ShopForm>
    </AccountCard>
  );
}
