import { STATUS_CODES } from 'node:http';

import { httpErrors } from '@fastify/sensible';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import type { ApiError } from '@apex/contract';

/** The one error shape; `code`, `partId` and `fields` only where the failure has them. */
export function errorBody(
  statusCode: number,
  message: string,
  { code, partId, fields }: Pick<ApiError, 'code' | 'partId' | 'fields'> = {},
): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code ? { code } : {}),
    ...(partId ? { partId } : {}),
    ...(fields ? { fields } : {}),
  };
}

/** A client error about one line of a cart: the answer names the line's part by its id too. */
export function lineError(statusCode: 400 | 404 | 409, message: string, partId: string) {
  return Object.assign(httpErrors.createError(statusCode, message), { partId });
}

/** A client error about one field of the body: the form shows the message under that field. */
export function fieldError(statusCode: 400 | 409, field: string, message: string) {
  return Object.assign(httpErrors.createError(statusCode, message), {
    fields: [{ field: `body.${field}`, message }],
  });
}

/** A client error with a reason a page acts on (`code` in the body), beside its words. */
export function codedError(statusCode: 400 | 409, message: string, code: string) {
  return Object.assign(httpErrors.createError(statusCode, message), { apiCode: code });
}

function apiCodeOf(error: FastifyError): string | undefined {
  return 'apiCode' in error && typeof error.apiCode === 'string' ? error.apiCode : undefined;
}

function partIdOf(error: FastifyError): string | undefined {
  return 'partId' in error && typeof error.partId === 'string' ? error.partId : undefined;
}

function fieldsOf(error: FastifyError): ApiError['fields'] {
  return 'fields' in error && Array.isArray(error.fields)
    ? (error.fields as NonNullable<ApiError['fields']>)
    : undefined;
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
        return reply.code(400).send(errorBody(400, `Invalid request: ${summary}`, { fields }));
      }
      const statusCode = error.statusCode ?? 500;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = request.routeOptions.bodyLimit;
        return reply
          .code(413)
          .send(
            errorBody(
              413,
              `The request body is larger than this call accepts (${describeBytes(limit)})`,
            ),
          );
      }
      if (statusCode >= 400 && statusCode < 500) {
        return reply.code(statusCode).send(
          errorBody(statusCode, error.message, {
            code: apiCodeOf(error),
            partId: partIdOf(error),
            fields: fieldsOf(error),
          }),
        );
      }
      // A 5xx the shop raises on purpose, worded for the caller (http-errors' `expose`): a
      // state of the shop, not a failure to log.
      if ('expose' in error && error.expose === true) {
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

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function notFoundBody(method: string, url: string): ApiError {
  return errorBody(404, `Nothing at ${method} ${url.split('?')[0] ?? url}`);
}
