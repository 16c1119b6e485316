import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import type { ConfirmSignUp, Login, SignInOptions, SignUp, SignUpAnswer } from '@apex/contract';

import { ApiError, apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { sessionQueryOptions, storeAccessToken } from '@/lib/session';

// Better Auth's own endpoints (under /api/auth) set the session cookie; errors carry a message.

/** An account whose address was never confirmed (made by an earlier version of the shop). */
const UNCONFIRMED =
  'Your e-mail address is not confirmed yet. Choose "Forgot password?": the link we mail you confirms it and sets your password.';

export async function signInWithEmail(input: Login): Promise<unknown> {
  try {
    return await apiRequest('POST', '/auth/sign-in/email', input);
  } catch (failure) {
    if (failure instanceof ApiError && failure.body?.code === 'EMAIL_NOT_VERIFIED') {
      throw new Error(UNCONFIRMED, { cause: failure });
    }
    throw failure;
  }
}

/** Signs up: the shop mails a link that confirms the address; no account exists before it. */
export function signUpWithEmail(input: SignUp): Promise<SignUpAnswer> {
  return apiRequest<SignUpAnswer>('POST', '/sign-up', input);
}

/** The link's page: the password chosen at sign-up makes the account and signs it in. */
export function confirmSignUp(input: ConfirmSignUp): Promise<unknown> {
  return apiRequest('POST', '/sign-up/confirm', input);
}

/** Starts Google sign-in by leaving the page (when a popup is not possible). */
export async function redirectToGoogle(returnTo: string): Promise<void> {
  const { url } = await apiRequest<{ url: string }>('POST', '/auth/sign-in/social', {
    provider: 'google',
    callbackURL: returnTo,
    errorCallbackURL: '/login',
  });
  window.location.assign(url);
}

export function useSignInOptions() {
  return useQuery({
    queryKey: queryKeys.signInOptions,
    queryFn: ({ signal }) => apiGet<SignInOptions>('/sign-in-options', { signal }),
    staleTime: Infinity,
  });
}

/**
 * What follows every sign-in: learn who signed in, fetch and keep their access token (requirements
 * §4), and let the rest of the app see the new session.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = await queryClient.query({ ...sessionQueryOptions(), staleTime: 0 });
    if (!user) throw new Error('No user is logged in');
    // What was fetched before belonged to nobody, or to someone else: dropped before the new
    // account's data (its cart, fetched as soon as the token is kept) comes in.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    await storeAccessToken(user.email);
    return user;
  }, [queryClient]);
}

/**
 * `finish` completes a sign-in, then goes where the page was asked to go (requirements §2);
 * `signInWith(signIn)` signs in with the form's values first.
 */
export function useFinishSignIn(returnTo: string) {
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const finish = async () => {
    await completeSignIn();
    await navigate(returnTo, { replace: true });
  };
  const signInWith =
    <Values>(signIn: (values: Values) => Promise<unknown>) =>
    async (values: Values) => {
      await signIn(values);
      await finish();
    };
  return { finish, signInWith };
}
