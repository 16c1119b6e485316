import { useLocation } from 'react-router';

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where the user was before a protected page sent them to sign in (or the home page). */
export function useReturnTo(): string {
  const state = useLocation().state as FromState | null;
  const from = state?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
}
