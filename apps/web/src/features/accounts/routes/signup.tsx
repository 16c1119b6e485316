import { TextField } from '@/components/form-field';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { signUpWithEmail, useFinishSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { CredentialFields } from '../components/credential-fields';

const signUpSchema = () => import('@apex/contract').then((contract) => contract.SignUpSchema);

export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  // After signing up the spec goes home (§2).
  const { finish, signInWith } = useFinishSignIn('/');
  const form = useContractForm(signUpSchema, {
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });
  // A rule only the server checks (a too common password) shows under its field.
  const onSubmit = form.submit(signInWith(signUpWithEmail), 'Sign-up failed');

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
