import { Navigate, useNavigate } from 'react-router';

import { TextField } from '@/components/form-field';
import { useSession } from '@/lib/session';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { signUpWithEmail, useCompleteSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { CredentialFields } from '../components/credential-fields';

const signUpSchema = () => import('@apex/contract').then((contract) => contract.SignUpSchema);

export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { user } = useSession();
  const form = useContractForm(signUpSchema, {
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  // After signing up the spec goes home (§2).
  const finish = async () => {
    await completeSignIn();
    await navigate('/', { replace: true });
  };

  // A rule only the server checks (a too common password) shows under its field.
  const onSubmit = form.submit(async (values) => {
    await signUpWithEmail(values);
    await finish();
  }, 'Sign-up failed');

  if (user && !isSubmitting) return <Navigate to="/" replace />;

  return (
    <AuthCard
      title="Sign Up"
      intro="Create an account to order parts, pay for them and review the shop."
      submitLabel="Sign Up"
      onSubmit={(e) => void onSubmit(e)}
      submitting={isSubmitting}
      error={form.failure}
      google={{
        returnTo: '/',
        onSignedIn: finish,
        onError: (message) => form.setError('root', { message }),
      }}
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
