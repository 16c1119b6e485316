import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { getAccessToken } from '@/lib/access-token';
import { setDeniedListener } from '@/lib/api';
import { setSignedInListener, storeAccessToken, useSession, useSignOut } from '@/lib/session';

/**
 * Keeps the access token in step with the session: a refused signed-in call signs out and goes
 * home (requirements §4), a session that arrived by redirect (Google without a popup) gets its
 * token, and every sign-in brings the visitor's cart and garage into the account's.
 */
export function SessionSync() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { user } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    setDeniedListener(() => {
      void signOut().then(() => navigate('/', { replace: true }));
    });
    return () => setDeniedListener(null);
  }, [navigate, signOut]);

  useEffect(() => {
    // The merge's script arrives with a sign-in, not with every page. Should it fail to arrive,
    // the visitor's cart stays in the browser for the next sign-in, and the sign-in goes on.
    setSignedInListener(() =>
      Promise.all([
        import('@/features/cart/api/merge-cart').then(
          (cart) => cart.mergeVisitorCart(queryClient),
          () => undefined,
        ),
        // My Garage joins the account's the same way, and fails the same way: kept for next time.
        import('@/features/fitment/api/garage').then(
          (garage) => garage.mergeVisitorGarage(queryClient),
          () => undefined,
        ),
      ]).then(() => undefined),
    );
    return () => setSignedInListener(null);
  }, [queryClient]);

  useEffect(() => {
    if (user && !getAccessToken()) void storeAccessToken(user.email);
  }, [user]);

  return null;
}
