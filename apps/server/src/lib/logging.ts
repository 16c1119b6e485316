import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';

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

/**
 * A path segment that is a one-time token: Better Auth's reset link (`/reset-password/:token`),
 * and any segment after `/token/` or `/verify-email/`, should a link carry its token there.
 */
const SECRET_SEGMENTS = /(\/(?:reset-password|verify-email|token)\/)[^/?#]+/gi;

/** A request's URL as logs show it: secrets and e-mail addresses are blanked out. */
export function urlForLogs(url: string): string {
  return url
    .replace(SECRET_SEGMENTS, '$1[REDACTED]')
    .replace(SECRET_PARAMS, '$1[REDACTED]')
    .replace(EMAIL, '[EMAIL]');
}

/** An e-mail address in free text (an SMTP server's refusal names the mailbox it refused). */
const TEXT_EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** What follows a failed statement's `params:` (addresses, tokens, password hashes). */
const STATEMENT_PARAMS = /\bparams: .*$/gm;

/**
 * Free text another system wrote (an SMTP reply, a provider's or a driver's error), as logs show
 * it: e-mail addresses, a statement's parameters and any token in a link are blanked out.
 */
export function textForLogs(text: string): string {
  return text
    .replace(STATEMENT_PARAMS, 'params: [REDACTED]')
    .replace(SECRET_SEGMENTS, '$1[REDACTED]')
    .replace(SECRET_PARAMS, '$1[REDACTED]')
    .replace(TEXT_EMAIL, '[EMAIL]');
}

/** A logged value with every string in it blanked as free text, and no statement parameters. */
function blankedForLogs(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return textForLogs(value);
  if (typeof value !== 'object' || value === null || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => blankedForLogs(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'params')
      .map(([key, item]) => [key, blankedForLogs(item, depth + 1)]),
  );
}

/** An error as logs show it: pino's usual fields, blanked (`blankedForLogs`). */
function errForLogs(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.errWithCause(error);
  return {
    ...(blankedForLogs(serialized) as object),
    type: serialized.type,
  } as pino.SerializedError;
}

const SECRET_FIELDS = [
  'password',
  'token',
  'accessToken',
  'sessionToken',
  'clientSecret',
  'secret',
  'card',
];

/** The most one write of log lines to stdout holds (the write starts a little below it). */
const LOG_WRITE_BYTES = 64 * 1024;

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
 * never reach the log, wherever they appear in a logged object. A request leaves one line
 * (`OneLinePerRequest`), not Fastify's two. Lines to stdout are written asynchronously, so a slow
 * terminal or log collector never holds up an answer; `flush` writes out what is still buffered.
 */
export function loggerOptions(
  config: Config,
  stream?: LogStream,
): {
  options: Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'>;
  flush: () => void;
} {
  // Lines are gathered into writes of up to 64 KB, and written at least every second when fewer
  // come: one write per line took a tenth of the CPU of a busy shop. pino flushes the buffer
  // itself when the process exits, a crash included; a process killed outright loses what the
  // buffer holds, at most a second's lines.
  const stdout =
    stream || config.logLevel === 'silent'
      ? null
      : pino.destination({
          dest: 1,
          sync: false,
          minLength: LOG_WRITE_BYTES - 4096,
          maxWrite: LOG_WRITE_BYTES,
          periodicFlush: 1000,
        });
  const destination = stream ?? stdout;
  return {
    options: {
      logger: {
        level: config.logLevel,
        ...(destination ? { stream: destination } : {}),
        serializers: { err: errForLogs },
        redact: {
          paths: [
            'req.headers.authorization',
            'req.headers.cookie',
            'req.headers["stripe-signature"]',
            'res.headers["set-cookie"]',
            'res.headers["set-auth-token"]',
            // A secret among a line's own fields, and one inside an object it logs.
            ...SECRET_FIELDS,
            ...SECRET_FIELDS.map((field) => `*.${field}`),
          ],
          censor: '[REDACTED]',
        },
      },
      genReqId: requestIdOf,
      logController: new OneLinePerRequest(),
    },
    flush: () => stdout?.flushSync(),
  };
}

/**
 * The one line a request leaves, written once its answer is sent (where Fastify would write its
 * second line; its first, on arrival, is dropped): the request's id (`reqId`, bound to every line
 * of the request), the method, the route's pattern (`/api/parts/:id`, never the raw URL, so ids and
 * addresses stay out), the status and the time taken. Where the pattern does not say what was
 * asked (no route matched, or a wildcard), the URL is added, redacted.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = request.routeOptions.url ?? null;
    const method = request.method;
    // Absent from the line (pino leaves out what is undefined) unless the pattern says too little.
    const url = route === null || route.includes('*') ? urlForLogs(request.url) : undefined;
    const statusCode = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    // An error here is the connection's (the client went away): the answer's own are logged by
    // the error handler (plugins/errors.ts).
    if (error) {
      reply.log.error(
        { method, route, url, statusCode, responseTime, err: error },
        'answer failed',
      );
      return;
    }
    reply.log.info({ method, route, url, statusCode, responseTime }, 'answered');
  }
}
