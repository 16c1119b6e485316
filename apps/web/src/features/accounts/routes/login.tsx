import { Link, useLocation } from 'react-router';

import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { signInWithEmail, useFinishSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { CredentialFields } from '../components/credential-fields';
import { useReturnTo } from '../use-return-to';
import type { PasswordChangedState } from './reset-password';

const loginSchema = () => import('@apex/contract').then((contract) => contract.LoginSchema);

export default function LoginPage() {
  useDocumentTitle('Login');
  const returnTo = useReturnTo();
  const { finish, signInWith } = useFinishSignIn(returnTo);
  const passwordChanged =
    (useLocation().state as Partial<PasswordChangedState> | null)?.passwordChanged === true;
  const form = useContractForm(loginSchema, {
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = form.submit(signInWith(signInWithEmail), 'Sign-in failed');

  return (
    <AuthCard
      title="Login"
      intro="Sign in to order parts, pay for them and follow your orders."
      returnTo={returnTo}
      submitLabel="Login"
      form={form}
      onSubmit={onSubmit}
      onSignedIn={finish}
      other={{ prompt: 'New to Apex Parts?', to: '/signup', label: 'Create an account' }}
    >
      {/* Dark text: the soft alert's own, the success green, is too faint on its pale ground. */}
      {passwordChanged && (
        <p role="status" className="alert alert-success alert-soft text-green-900">
          Your password is changed: sign in with the new one.
        </p>
      )}
      <CredentialFields
        idPrefix="login"
        password="current"
        fields={{ email: form.field('email'), password: form.field('password') }}
      />
      <Link to="/forgot-password" className="link link-primary self-end text-sm">
        Forgot password?
      </Link>
    </AuthCard>
  );
}
