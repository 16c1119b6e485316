import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config';

/**
 * Security headers for every answer. The Content-Security-Policy admits only our own origin:
 * the shop ships its scripts, styles, fonts and images itself and loads nothing from elsewhere.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const https = config.publicUrl.protocol === 'https:';
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
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
  },
  { name: 'security' },
);
