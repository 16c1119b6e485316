import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';

import type { SignUp } from '@apex/contract';

import { TextField } from '@/components/form-field';
import { ApiError, errorMessage } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

import { signUpWithEmail, useCompleteSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { CredentialFields } from '../components/credential-fields';

const FORM_FIELDS = ['name', 'email', 'password'] as const;

const resolver = lazyZodResolver<SignUp>(() =>
  import('@apex/contract').then((contract) => contract.SignUpSchema),
);

export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignUp>({
    resolver,
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // After signing up the spec goes home (§2).
  const finish = async () => {
    await completeSignIn();
    await navigate('/', { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signUpWithEmail(values);
      await finish();
    } catch (failure) {
      // A rule only the server checks (a too common password) shows under its field, as the
      // form's own rules do.
      const fieldErrors = failure instanceof ApiError ? (failure.body?.fields ?? []) : [];
      const shown = fieldErrors.filter(({ field, message }) => {
        const name = FORM_FIELDS.find((known) => field === `body.${known}`);
        if (name) form.setError(name, { message }, { shouldFocus: true });
        return Boolean(name);
      });
      if (shown.length === 0) {
        setError(errorMessage(failure, 'Sign-up failed'));
      }
    }
  });

  if (user && !isSubmitting) return <Navigate to="/" replace />;

  return (
    <AuthCard
      title="Sign Up"
      intro="Create an account to order parts, pay for them and review the shop."
      submitLabel="Sign Up"
      onSubmit={(e) => void onSubmit(e)}
      submitting={isSubmitting}
      error={error}
      google={{ returnTo: '/', onSignedIn: finish, onError: setError }}
      other={{ prompt: 'Already have an account?', to: '/login', label: 'Login' }}
    >
      <TextField
        id="signup-name"
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <CredentialFields
        idPrefix="signup"
        password="new"
        fields={{
          email: { registration: form.register('email'), error: errors.email?.message },
          password: { registration: form.register('password'), error: errors.password?.message },
        }}
      />
    </AuthCard>
  );
}
