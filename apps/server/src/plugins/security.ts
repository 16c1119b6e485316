import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config';

/**
 * Security headers on every response (@fastify/helmet). The Content-Security-Policy admits only our
 * own origin (and Stripe's, when Stripe takes the payments) for scripts, styles, fonts,
 * connections and pictures: part pictures are served by the shop itself, from its own disk or
 * streamed from the bucket (decision 011), so no other site's picture runs in its pages.
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
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.scripts],
          styleSrc: ["'self'"],
          // The stylesheet draws a few icons as data: pictures (checkboxes, select arrows).
          imgSrc: ["'self'", 'data:'],
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
