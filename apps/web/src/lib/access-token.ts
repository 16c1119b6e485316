// The spec keeps the access token in localStorage under `accessToken` (§9); bearer calls send it.
const KEY = 'accessToken';

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export const getAccessToken = (): string | null => localStorage.getItem(KEY);
export const setAccessToken = (token: string): void => {
  localStorage.setItem(KEY, token);
  changed();
};
export const clearAccessToken = (): void => {
  localStorage.removeItem(KEY);
  changed();
};

/**
 * Calls `listener` when the token is kept or forgotten here: what needs it (the account's cart)
 * waits for it, since a bearer call without it is refused, and a refusal signs out.
 */
export function subscribeToAccessToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
