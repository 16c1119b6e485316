import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { FastifyServerOptions } from 'fastify';

import type { Config } from '../config';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters that carry one-time secrets (Google's sign-in callback, reset links). */
const SECRET_PARAMS = /([?&](?:code|state|token|client_secret|secret)=)[^&#]*/gi;

/**
 * An e-mail address in a path or a query (`/api/user/:email`, `?userEmail=`), with its @ as it
 * is or percent-encoded: a customer's address is personal data the log has no need of.
 */
const EMAIL = /[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi;

/** A request's URL as logs show it: secrets and e-mail addresses are blanked out. */
export function urlForLogs(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]').replace(EMAIL, '[EMAIL]');
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * The request id: the one a proxy in front already gave (X-Request-Id), when it looks like an
 * id, so one request can be followed through both logs; otherwise a new one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify's logging: JSON lines with each request's id; tokens, cookies, passwords and card data
 * never reach the log, wherever they appear in a logged object.
 */
export function loggerOptions(
  config: Config,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    logger: {
      level: config.logLevel,
      ...(stream ? { stream } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["stripe-signature"]',
          'res.headers["set-cookie"]',
          'res.headers["set-auth-token"]',
          '*.password',
          '*.token',
          '*.accessToken',
          '*.sessionToken',
          '*.clientSecret',
          '*.secret',
          '*.card',
        ],
        censor: '[REDACTED]',
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
          method: request.method,
          url: urlForLogs(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: requestIdOf,
  };
}
