import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../../../config';

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+/g;

/**
 * A Better Auth message as the shop's log may keep it: the first line only (a failed query's
 * message goes on with its parameters on the next line), no e-mail addresses, not too long.
 */
export function messageForLog(message: unknown): string {
  const text = typeof message === 'string' ? message : String(message);
  const [firstLine = ''] = text.split('\n');
  const cut = firstLine.split(/\bparams:/)[0] ?? '';
  return cut.replace(EMAIL, '[email]').slice(0, 300).trim();
}

function stringProperty(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const found: unknown = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
}

/**
 * What an error may tell the log: its kind and codes (PostgreSQL's SQLSTATE, Better Auth's
 * code), never its message, query, parameters or body, which can hold what a customer typed.
 */
export function errorSummary(error: unknown): Record<string, string> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const summary: Record<string, string> = {};
  const type = error instanceof Error ? error.name : undefined;
  const code = stringProperty(error, 'code');
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const causeCode = stringProperty(cause, 'code');
  if (type) summary.type = type;
  if (code) summary.code = code;
  if (causeCode) summary.causeCode = causeCode;
  return Object.keys(summary).length > 0 ? summary : undefined;
}

function levelFor(logLevel: Config['logLevel']): AuthLogLevel {
  if (logLevel === 'trace' || logLevel === 'debug') return 'debug';
  if (logLevel === 'info') return 'info';
  if (logLevel === 'warn') return 'warn';
  return 'error';
}

/**
 * Better Auth's `logger` option: its messages become the shop's JSON log lines (pino) instead
 * of coloured, multi-line console dumps. The extra arguments it passes (errors with their SQL
 * and parameters, request bodies) are dropped; an error among them is named by its kind and
 * codes only.
 */
export function authLogger(log: FastifyBaseLogger, logLevel: Config['logLevel']) {
  return {
    disabled: logLevel === 'silent',
    level: levelFor(logLevel),
    log(level: AuthLogLevel, message: string, ...args: unknown[]) {
      const errors = args.map(errorSummary).filter((summary) => summary !== undefined);
      const fields = errors.length > 0 ? { from: 'better-auth', errors } : { from: 'better-auth' };
      log[level](fields, messageForLog(message));
    },
  };
}
