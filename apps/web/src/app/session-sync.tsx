import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { getAccessToken } from '@/lib/access-token';
import { setDeniedListener } from '@/lib/api';
import { storeAccessToken, useSession, useSignOut } from '@/lib/session';

/**
 * Keeps the access token in step with the session: a refused signed-in call signs out and goes
 * home (requirements §4), and a session that arrived by redirect (Google without a popup) gets its
 * token.
 */
export function SessionSync() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { user } = useSession();

  useEffect(() => {
    setDeniedListener(() => {
      void signOut().then(() => navigate('/', { replace: true }));
    });
    return () => setDeniedListener(null);
  }, [navigate, signOut]);

  useEffect(() => {
    if (user && !getAccessToken()) void storeAccessToken(user.email);
  }, [user]);

  return null;
}
