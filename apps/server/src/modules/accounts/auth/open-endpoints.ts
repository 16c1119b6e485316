/**
 * The Better Auth endpoints the shop's pages and flows call, by method and path (under
 * /api/auth). Everything else Better Auth registers, now or in a later version, answers 404:
 * its admin plugin alone can impersonate anyone, set any password, create, remove or re-role
 * accounts, and none of that goes through the shop's own rules, checks or pages.
 *
 * Sign-up is the shop's own (`POST /api/sign-up`, modules/accounts/sign-up.ts): Better Auth's
 * would make an account, and sign it in, before anyone proved the address (decision 021), and
 * its e-mail verification would trust the mailbox without the password.
 *
 * To open an endpoint, add it here with the page or flow that calls it.
 */
export const OPEN_AUTH_ENDPOINTS = [
  // The login page.
  'POST /sign-in/email',
  // Sign Out in the navigation bar.
  'POST /sign-out',
  // Every page: who is signed in (the server's own look-ups call Better Auth directly).
  'GET /get-session',
  // "Continue with Google" when popups are blocked: a full-page redirect to Google.
  'POST /sign-in/social',
  // "Continue with Google" in a popup: the popup starts here.
  'GET /oauth-popup/start',
  // Google sends the browser back here (the redirect URI registered with Google).
  'GET /callback/:providerId',
  // Where Better Auth sends a browser whose Google sign-in failed before it knew where to go.
  'GET /error',
  // The "Forgot password?" page (/forgot-password) asks for a reset link.
  'POST /request-password-reset',
  // The link in the reset mail: checks the token, then opens /reset-password with it.
  'GET /reset-password/:token',
  // The /reset-password page sets the new password.
  'POST /reset-password',
] as const;

type OpenEndpoint = (typeof OPEN_AUTH_ENDPOINTS)[number];

const open = OPEN_AUTH_ENDPOINTS.map((entry: OpenEndpoint) => {
  const [method = '', path = ''] = entry.split(' ');
  return { method, segments: path.split('/').slice(1) };
});

/**
 * Whether a request to Better Auth may go through. `path` is the path below /api/auth, already
 * normalised by URL parsing; it must match an entry exactly (no trailing slash, same case), and a
 * `:name` stands for one non-empty segment.
 */
export function isOpenAuthEndpoint(method: string, path: string): boolean {
  const segments = path.split('/').slice(1);
  return open.some(
    (entry) =>
      entry.method === method &&
      entry.segments.length === segments.length &&
      entry.segments.every((part, i) => {
        const given = segments[i] ?? '';
        return part.startsWith(':') ? given !== '' : part === given;
      }),
  );
}
