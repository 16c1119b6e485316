import type { Config } from '../config';

/**
 * The origins whose pages are the shop's own: the public address, the sites an operator lists in
 * CORS_ORIGINS, and on this machine both names of localhost. Cookie-authenticated changes are
 * accepted only from these (Better Auth checks its own endpoints against the same list).
 */
export function shopOrigins(config: Config): string[] {
  const origin = config.publicUrl.origin;
  const origins = [origin, ...config.corsOrigins];
  // A shop on this machine answers as localhost and as 127.0.0.1 alike.
  if (config.publicUrl.hostname === 'localhost') {
    origins.push(origin.replace('//localhost', '//127.0.0.1'));
  }
  // `npm run dev`: the Vite dev server proxies to us from its own origin.
  if (config.env === 'development') origins.push('http://localhost:5173');
  return origins;
}
