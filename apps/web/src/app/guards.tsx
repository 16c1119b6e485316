import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { PageSpinner } from '@/components/page-spinner';
import { useIsAdmin, useSession, useSignOut } from '@/lib/session';

/** Protected pages: a spinner while the session loads, else to /login remembering where from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}

/** Admin pages: the server says who is an admin; anyone else is signed out and sent to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const isAdmin = useIsAdmin(user?.email);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const refused = isAdmin.data === false || isAdmin.isError;

  useEffect(() => {
    if (!refused) return;
    void signOut().then(() => navigate('/login', { replace: true }));
  }, [refused, signOut, navigate]);

  if (isAdmin.data !== true) return <PageSpinner label="Checking your rights…" />;
  return children;
}
