// Apart from session.ts, which every page loads: only what changes the cart needs this, and it
// arrives with the first press.
import type { QueryClient } from '@tanstack/react-query';

import { getAccessToken, subscribeToAccessToken } from './access-token';
import { sessionQueryOptions } from './session';

/** How long a press made while the page starts waits for the account's token before giving up. */
const TOKEN_WAIT_MS = 10_000;

/**
 * Who a call is made for, once that is known: what a customer pressed while the page was still
 * starting (the session loading, its token on its way) waits for it instead of being refused.
 */
export async function settledAccount(queryClient: QueryClient): Promise<'visitor' | 'customer'> {
  const user = await queryClient.query(sessionQueryOptions());
  if (!user) return 'visitor';
  if (getAccessToken() !== null) return 'customer';
  // SessionSync fetches the token of a session that has none; the call waits for it.
  await new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
    const unsubscribe = subscribeToAccessToken(() => {
      if (getAccessToken() === null) return;
      stop();
      resolve();
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error('Your session is still loading: try again in a moment'));
    }, TOKEN_WAIT_MS);
  });
  return 'customer';
}
