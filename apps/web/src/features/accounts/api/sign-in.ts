import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import type { Login, SignInOptions, SignUp } from '@apex/contract';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { sessionQueryOptions, storeAccessToken } from '@/lib/session';

// Better Auth's own endpoints (under /api/auth) set the session cookie; errors carry a message.

export function signInWithEmail(input: Login): Promise<unknown> {
  return apiRequest('POST', '/auth/sign-in/email', input);
}

export function signUpWithEmail(input: SignUp): Promise<unknown> {
  return apiRequest('POST', '/auth/sign-up/email', input);
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
