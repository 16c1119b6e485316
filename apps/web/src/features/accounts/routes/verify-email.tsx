import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';

import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

import { AccountCard } from '../components/account-card';
import { ResendVerification } from '../components/resend-verification';

/** Why a verification link failed, from the code Better Auth sends the browser here with. */
function failureOf(code: string): string {
  return code === 'TOKEN_EXPIRED'
    ? 'This link has expired: a verification link works for 24 hours.'
    : 'This link is incomplete or was changed. Open the link from the mail again, or ask for a new one.';
}

/** Where the link in the verification mail lands, once the server has checked it. */
export default function VerifyEmailPage() {
  useDocumentTitle('Email verification');
  const [params] = useSearchParams();
  const error = params.get('error');
  const { user, isPending } = useSession();
  const queryClient = useQueryClient();

  // The session kept before the link was followed still says "not verified".
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [queryClient]);

  if (!error) {
    return (
      <AccountCard title="Your email address is verified">
        <p className="text-center">Thank you: your account is complete.</p>
        <Link to="/" className="btn btn-primary">
          Go to the shop
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="This link does not work">
      <p>{failureOf(error)}</p>
      {isPending ? null : !user ? (
        <p>
          <Link to="/login" className="link link-primary">
            Sign in
          </Link>
          , then choose Resend in the banner at the top of the page to get a new link.
        </p>
      ) : user.emailVerified ? (
        <p>Your email address is verified already: there is nothing more to do.</p>
      ) : (
        <ResendVerification email={user.email} label="Send a new link" />
      )}
    </AccountCard>
  );
}
