import type { ReactNode, SyntheticEvent } from 'react';
import { Link, Navigate } from 'react-router';

import { ShopForm } from '@/components/shop-form';
import { useSession } from '@/lib/session';

import { GoogleSignIn } from './google-sign-in';

interface AuthCardProps {
  title: string;
  /** One sentence under the title: what an account is for. */
  intro: string;
  submitLabel: string;
  /** Where the customer goes once signed in, by the form or by Google. */
  returnTo: string;
  /** The page's form (`useContractForm`): an identity error shows as its failure. */
  form: {
    failure: string | undefined;
    formState: { isSubmitting: boolean };
    setError: (name: 'root', error: { message: string }) => void;
  };
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>;
  /** Completes a sign-in made with Google, as the form's own does. */
  onSignedIn: () => Promise<void>;
  /** The form's own fields. */
  children: ReactNode;
  /** The way to the other page: login ↔ signup. */
  other: { prompt: string; to: string; label: string };
}

/**
 * The login and signup pages: the form, Google as the alternative, and the way to the other page.
 * Someone already signed in goes straight on.
 */
export function AuthCard(props: AuthCardProps) {
  const { title, intro, submitLabel, returnTo, form, onSubmit, onSignedIn, children, other } =
    props;
  const { user } = useSession();
  if (user && !form.formState.isSubmitting) return <Navigate to={returnTo} replace />;
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          <p className="text-center text-base-content/80">{intro}</p>
          <ShopForm onSubmit={onSubmit} form={form} submitLabel={submitLabel}>
            {children}
          </ShopForm>
          <div className="divider">OR</div>
          <GoogleSignIn
            returnTo={returnTo}
            onSignedIn={onSignedIn}
            onError={(message) => form.setError('root', { message })}
          />
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
