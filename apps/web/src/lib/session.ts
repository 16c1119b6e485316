import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

import {
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  subscribeToAccessToken,
} from './access-token';
import { apiGet, apiRequest } from './api';
import { queryKeys } from './query-keys';

/** The signed-in person as the web app shows them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** Whether the owner followed the link in the verification mail (or Google vouched for it). */
  emailVerified: boolean;
}

interface SessionAnswer {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified?: boolean | null;
  };
}

/** Who is signed in, from the session cookie (null when nobody). */
async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const answer = await apiGet<SessionAnswer | null>('/auth/get-session', { signal });
  if (!answer) return null;
  const { id, name, email, emailVerified } = answer.user;
  return {
    id,
    name,
    email,
    emailVerified: emailVerified === true,
  };
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

export function useSession() {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { user: data ?? null, isPending };
}

type SignedInListener = () => Promise<void>;
let onSignedIn: SignedInListener | null = null;

/**
 * What the app does once a sign-in has its access token, before the sign-in counts as done (the
 * visitor's cart moves into the account's then, so the page after the sign-in shows it).
 */
export function setSignedInListener(listener: SignedInListener | null): void {
  onSignedIn = listener;
}

/** After any sign-in: fetch the access token for this account and keep it (requirements §4). */
export async function storeAccessToken(email: string): Promise<void> {
  const { token } = await apiRequest<{ token: string }>(
    'PUT',
    `/user/${encodeURIComponent(email)}`,
    { email },
  );
  setAccessToken(token);
  await onSignedIn?.();
}

const hasAccessToken = () => getAccessToken() !== null;

/**
 * Who the signed-in calls are made for: nobody yet (the session is loading, or its token is on
 * its way), a visitor, or a signed-in customer whose token the calls can carry.
 */
export function useAccount(): 'unknown' | 'visitor' | 'customer' {
  const { user, isPending } = useSession();
  const token = useSyncExternalStore(subscribeToAccessToken, hasAccessToken, hasAccessToken);
  if (isPending) return 'unknown';
  if (!user) return 'visitor';
  return token ? 'customer' : 'unknown';
}

/** Ends the session on the server (the token stops working) and forgets it here. */
export async function endSession(): Promise<void> {
  const token = getAccessToken();
  clearAccessToken();
  await fetch('/api/auth/sign-out', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: '{}',
  }).catch(() => undefined);
}

/** Signs out and resets everything cached for the previous user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await endSession();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    queryClient.setQueryData(queryKeys.session, null);
  }, [queryClient]);
}

/** Whether the signed-in account is an admin, asked of the server (requirements §6). */
export function useIsAdmin(email: string | undefined) {
  return useQuery({
    queryKey: queryKeys.admin(email),
    queryFn: ({ signal }) =>
      apiGet<{ admin: boolean }>(`/admin/${encodeURIComponent(email ?? '')}`, {
        signal,
        auth: true,
      }),
    enabled: Boolean(email),
    select: (answer) => answer.admin,
  });
}
