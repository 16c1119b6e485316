import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
};

/** Asserts a refusal in the shop's one error shape: the status, its reason and these words. */
export function expectRefused(res: LightMyRequestResponse, statusCode: number, message: string) {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.json()).toEqual({ statusCode, error: REASONS[statusCode], message });
}
