import { useState } from 'react';
import { Link } from 'react-router';

import { TextField } from '@/components/form-field';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { signUpWithEmail, useFinishSignIn } from '../api/sign-in';
import { AccountCard } from '../components/account-card';
import { AuthCard } from '../components/auth-card';
import { CredentialFields } from '../components/credential-fields';

const signUpSchema = () => import('@apex/contract').then((contract) => contract.SignUpSchema);

export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  // Google's sign-in goes home, as the spec's signup did (§2).
  const { finish } = useFinishSignIn('/');
  // What the shop answered: the address is confirmed through the mailed link (decision 021).
  const [sent, setSent] = useState<string | null>(null);
  const form = useContractForm(signUpSchema, {
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });
  // A rule only the server checks (a too common password) shows under its field.
  const onSubmit = form.submit(async (values) => {
    setSent((await signUpWithEmail(values)).message);
  }, 'Sign-up failed');

  if (sent) {
    return (
      <AccountCard title="Check your inbox">
        <p role="status">{sent}</p>
        <p className="text-base-content/80">
          The link works for 24 hours and asks for the password you just chose. Nothing there? Look
          in your spam folder, or{' '}
          <Link to="/signup" reloadDocument className="link link-primary">
            sign up again
          </Link>
          .
        </p>
      </AccountCard>
    );
  }

  return (
    <AuthCard
      title="Sign Up"
      returnTo="/"
      intro="Create an account to order parts, pay for them and review the shop."
      submitLabel="Sign Up"
      form={form}
      onSubmit={onSubmit}
      onSignedIn={finish}
      other={{ prompt: 'Already have an account?', to: '/login', label: 'Login' }}
    >
      <TextField id="signup-name" label="Name" autoComplete="name" {...form.field('name')} />
      <CredentialFields
        idPrefix="signup"
        password="new"
        fields={{ email: form.field('email'), password: form.field('password') }}
      />
    </AuthCard>
  );
}
