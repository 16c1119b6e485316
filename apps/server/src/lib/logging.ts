import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

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
  options: Pick<
    FastifyServerOptions,
    'logger' | 'genReqId' | 'logController' | 'childLoggerFactory'
  >;
  flush: () => void;
} {
  // Lines are gathered into writes of up to 64 KB, and written at least every second when fewer
  // come. Each write is handed to libuv's thread pool, which wakes one of its threads: one write
  // per line took a tenth of the CPU of a busy shop, and one per 4 KB (about 20 lines) still
  // 1.5 µs of each answer. pino flushes the buffer itself when the process exits, a crash
  // included (on-exit-leak-free); a process killed outright loses what the buffer holds, at most a
  // second's lines (up to about 300 of them, against 20 with writes of 4 KB). The lines are handed
  // over as bytes: gathering text, the buffer measured the UTF-8 length of all it held at every
  // line (about 1 µs of each request).
  const stdout =
    stream || config.logLevel === 'silent'
      ? null
      : pino.destination({
          dest: 1,
          sync: false,
          minLength: LOG_WRITE_BYTES - 4096,
          maxWrite: LOG_WRITE_BYTES,
          periodicFlush: 1000,
          contentMode: 'buffer',
        });
  // In this mode the buffer takes bytes, which its types do not say.
  const bytesOut = stdout as { write(bytes: Buffer): boolean } | null;
  const destination =
    stream ?? (bytesOut ? { write: (line: string) => bytesOut.write(Buffer.from(line)) } : null);
  return {
    options: {
      logger: {
        level: config.logLevel,
        ...(destination ? { stream: destination } : {}),
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
      childLoggerFactory: (parent, bindings, childOptions) =>
        new RequestLogger(parent, bindings, childOptions),
    },
    flush: () => stdout?.flushSync(),
  };
}

/**
 * A request's logger (`request.log`, bound to the request's id), made only when the request logs
 * something of its own. Fastify makes one for every request, and most never use it: their one
 * line is written by the server's logger (`OneLinePerRequest`). Making a pino child for each took
 * about a tenth of the time of a cached answer such as the catalog.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly childOptions: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.childOptions);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.childOptions.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  fatal(...args: unknown[]): void {
    Reflect.apply(this.#logger.fatal, this.#logger, args);
  }

  error(...args: unknown[]): void {
    Reflect.apply(this.#logger.error, this.#logger, args);
  }

  warn(...args: unknown[]): void {
    Reflect.apply(this.#logger.warn, this.#logger, args);
  }

  info(...args: unknown[]): void {
    Reflect.apply(this.#logger.info, this.#logger, args);
  }

  debug(...args: unknown[]): void {
    Reflect.apply(this.#logger.debug, this.#logger, args);
  }

  trace(...args: unknown[]): void {
    Reflect.apply(this.#logger.trace, this.#logger, args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * The one line a request leaves, written once its answer is sent (where Fastify would write its
 * second line; its first, on arrival, is dropped): the request's id (`reqId`, bound to every line
 * of the request), the method, the route's pattern (`/api/parts/:id`, never the raw URL, so ids and
 * addresses stay out), the status and the time taken. Where the pattern does not say what was
 * asked (no route matched, or a wildcard), the URL is added, redacted.
 */
class OneLinePerRequest extends LogController {
  /**
   * Per server, its logger without redaction, for the line of an answer sent: the line holds only
   * the fields built below, never a header, a body or a secret, and the redaction's wildcard paths
   * cost more than the rest of the line (about 5 µs of 7 on every request).
   */
  readonly #plain = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

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
    const root = request.server.log;
    let plain = this.#plain.get(root);
    if (!plain) {
      plain = root.child({}, { redact: [] });
      this.#plain.set(root, plain);
    }
    // Every answered line is one object of one shape, its fields always present in this order:
    // lines whose fields came and went (the URL) or were spread from another object made pino's
    // serializer meet many shapes, and a shop that had served pages, files and errors paid about
    // 4.5 µs more per line than a fresh one (docs/performance.md, "What stayed with a process").
    plain.info({ reqId: request.id, method, route, url, statusCode, responseTime }, 'answered');
  }
}
