import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

import type { Config } from '../config';

/**
 * The headers that mean something on any answer, JSON and pictures included: no sniffing a
 * script or a page out of data, no other site's page reading it through a tag, and HSTS, which a
 * browser takes from any answer over https.
 */
const EVERY_ANSWER = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/**
 * The headers helmet would set, worked out once: the policy holds no nonce and no per-request
 * value, so building it again for each request (as @fastify/helmet did) was work for nothing.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), value]),
    removeHeader: () => undefined,
  };
  // Helmet reads nothing of the request when no directive is a function, as none here is.
  const middleware = helmet(options) as never as (
    request: object,
    response: object,
    next: () => void,
  ) => void;
  middleware({}, response, () => undefined);
  return headers;
}

/**
 * Security headers. The Content-Security-Policy admits only our own origin (and Stripe's, when
 * Stripe takes the payments) for scripts, styles, fonts and connections; only pictures may come
 * from elsewhere, since a part's image may be any web address. It and the other headers that
 * govern a document (framing, referrer, opener) go on HTML answers only: a JSON answer fetched
 * by a script is no document, and those 800 bytes on every API answer bought nothing.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const https = config.publicUrl.protocol === 'https:';
    // Stripe Elements loads from Stripe and talks to Stripe: admitted only when Stripe is on.
    const onStripe = config.payments.provider === 'stripe';
    const stripe = {
      scripts: onStripe ? ['https://js.stripe.com'] : [],
      frames: onStripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
      connect: onStripe ? ['https://api.stripe.com'] : [],
    };
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.scripts],
          styleSrc: ["'self'"],
          // A part's picture may be any web address an admin gives (spec: image is a URL).
          // Pictures cannot run code; scripts and connections stay limited to our origin.
          imgSrc: ["'self'", 'data:', 'https:', 'http:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...stripe.connect],
          frameSrc: ["'self'", ...stripe.frames],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // Over plain http (a laptop, a test) upgrading would break every request.
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Google sign-in runs in a popup that must be able to report back to the page that opened it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // HSTS over http is ignored by browsers and misleads readers; send it only behind https.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    const everyAnswer = Object.fromEntries(headers.filter(([name]) => EVERY_ANSWER.has(name)));
    const documentOnly = headers.filter(([name]) => !EVERY_ANSWER.has(name));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(everyAnswer);
      done();
    });
    // Whatever sends a page (the web app's, a part's, the API docs) gets the document's headers;
    // a route that sets its own (the mail preview's sandbox) keeps them.
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        for (const [name, value] of documentOnly) {
          if (!reply.hasHeader(name)) reply.header(name, value);
        }
      }
      done(null, payload);
    });
    // The web app calls the API from its own origin, which needs no CORS. Other sites' pages get
    // no CORS headers, so browsers keep them out, unless an operator lists them in CORS_ORIGINS.
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: [...config.corsOrigins],
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
