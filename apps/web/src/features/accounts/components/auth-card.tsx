import type { ReactNode, SyntheticEvent } from 'react';
import { Link } from 'react-router';

import { FormFailure } from '@/components/form-failure';
import { SubmitButton } from '@/components/submit-button';

import { GoogleSignIn } from './google-sign-in';

interface AuthCardProps {
  title: string;
  /** One sentence under the title: what an account is for. */
  intro: string;
  submitLabel: string;
  /** The form's own fields. */
  children: ReactNode;
  onSubmit: (event: SyntheticEvent) => void;
  submitting: boolean;
  /** An identity error (wrong password, taken email, …), shown in red and read out. */
  error: string | undefined;
  google: { returnTo: string; onSignedIn: () => Promise<void>; onError: (message: string) => void };
  /** The way to the other page: login ↔ signup. */
  other: { prompt: string; to: string; label: string };
}

/** The login and signup pages: the form, Google as the alternative, and the way to the other page. */
export function AuthCard(props: AuthCardProps) {
  const { title, intro, submitLabel, children, onSubmit, submitting, error, google, other } = props;
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          <p className="text-center text-base-content/80">{intro}</p>
          <form noValidate className="flex flex-col gap-3" onSubmit={onSubmit}>
            {children}
            <FormFailure>{error}</FormFailure>
            <SubmitButton className="btn btn-primary" busy={submitting}>
              {submitLabel}
            </SubmitButton>
          </form>
          <div className="divider">OR</div>
          <GoogleSignIn {...google} />
          <p className="text-center text-sm">
            {other.prompt}{' '}
            <Link to={other.to} className="link link-primary">
              {other.label}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
