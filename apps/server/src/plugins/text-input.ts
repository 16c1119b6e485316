import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
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

/** Whether a route takes anything a request could put a NUL in: path parameters, a query, a body. */
function takesInput(route: RouteOptions): boolean {
  return (
    /[:*]/.test(route.url) ||
    route.schema?.querystring !== undefined ||
    [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')
  );
}

/**
 * PostgreSQL text cannot hold a NUL character, so a request carrying one (as "\u0000" in JSON or
 * %00 in a path) would fail deep in a query. It is refused here, at the door, on every route that
 * takes input; a route that takes none (GET /api/health) skips the check.
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    const refuseNul: preValidationHookHandler = (request, reply, done) => {
      // The path's parameters and the query come from the URL, where a NUL is raw or %00: a URL
      // without either, and no body, cannot hold one, and most reads are such requests.
      if (
        request.body === undefined &&
        !request.url.includes('%00') &&
        !request.url.includes(NUL)
      ) {
        done();
        return;
      }
      const field =
        findNul('params', request.params) ??
        findNul('querystring', request.query) ??
        findNul('body', request.body);
      if (!field) {
        done();
        return;
      }
      const message = 'must not contain a NUL character';
      const body: ApiError = {
        statusCode: 400,
        error: 'Bad Request',
        message: `Invalid request: ${field}: ${message}`,
        fields: [{ field, message }],
      };
      reply.code(400).send(body);
    };
    app.addHook('onRoute', (route) => {
      if (takesInput(route)) {
        route.preValidation = [refuseNul, ...[route.preValidation ?? []].flat()];
      }
    });
  },
  { name: 'text-input' },
);
