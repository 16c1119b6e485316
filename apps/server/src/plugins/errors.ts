import { STATUS_CODES } from 'node:http';

import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import type { ApiError } from '@apex/contract';

function errorBody(statusCode: number, message: string, fields?: ApiError['fields']): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
  };
}

/**
 * One place shapes every failure as `{statusCode, error, message}`. Client mistakes keep their
 * message; anything else is logged in full and answered with a generic 500, so no stack trace or
 * SQL ever reaches a client.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'body';
        const fields = error.validation.map((issue) => ({
          field: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          message: issue.message ?? 'is invalid',
        }));
        const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
        return reply.code(400).send(errorBody(400, `Invalid request: ${summary}`, fields));
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        return reply.code(statusCode).send(errorBody(statusCode, error.message));
      }
      request.log.error({ err: error }, 'request failed');
      const status = statusCode === 503 ? 503 : 500;
      return reply
        .code(status)
        .send(errorBody(status, 'Something went wrong on our side. Please try again shortly.'));
    });
  },
  { name: 'errors' },
);

export function notFoundBody(method: string, url: string): ApiError {
  return errorBody(404, `Nothing at ${method} ${url.split('?')[0] ?? url}`);
}
