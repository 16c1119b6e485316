import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { ApiError } from '@apex/contract';

const NUL = '\u0000';

/** Where in a parsed request a string holds a NUL character, as `body.description`; or null. */
function findNul(where: string, value: unknown): string | null {
  // Iterative: a deeply nested body must not exhaust the stack.
  const pending: [string, unknown][] = [[where, value]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, item] = next;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return path;
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes(NUL)) return path;
        pending.push([`${path}.${key}`, child]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character, so a request carrying one (as "\u0000" in JSON or
 * %00 in a path) would fail deep in a query. It is refused here, at the door, for every route.
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request, reply) => {
      const field =
        findNul('params', request.params) ??
        findNul('querystring', request.query) ??
        findNul('body', request.body);
      if (!field) return;
      const message = 'must not contain a NUL character';
      const body: ApiError = {
        statusCode: 400,
        error: 'Bad Request',
        message: `Invalid request: ${field}: ${message}`,
        fields: [{ field, message }],
      };
      return reply.code(400).send(body);
    });
  },
  { name: 'text-input' },
);
