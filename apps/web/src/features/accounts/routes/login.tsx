import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';

import { type Login, LoginSchema } from '@apex/contract';

import { TextField } from '@/components/form-field';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

import { signInWithEmail, useCompleteSignIn } from '../api/sign-in';
import { AuthCard, AuthError } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { useReturnTo } from '../use-return-to';

export default function LoginPage() {
  useDocumentTitle('Login');
  const returnTo = useReturnTo();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const finish = async () => {
    await completeSignIn();
    await navigate(returnTo, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signInWithEmail(values);
      await finish();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed');
    }
  });

  if (user && !isSubmitting) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard title="Login">
      <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          registration={form.register('email')}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          registration={form.register('password')}
        />
        <AuthError message={error} />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Login
        </button>
      </form>
      <div className="divider">OR</div>
      <GoogleSignIn returnTo={returnTo} onSignedIn={finish} onError={setError} />
      <p className="text-center text-sm">
        New to Apex Parts?{' '}
        <Link to="/signup" className="link link-primary">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
