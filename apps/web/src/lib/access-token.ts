// The spec keeps the access token in localStorage under `accessToken` (§9); bearer calls send it.
const KEY = 'accessToken';

export const getAccessToken = (): string | null => localStorage.getItem(KEY);
export const setAccessToken = (token: string): void => localStorage.setItem(KEY, token);
export const clearAccessToken = (): void => localStorage.removeItem(KEY);
