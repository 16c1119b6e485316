import type { IncomingHttpHeaders } from 'node:http';

import { httpErrors } from '@fastify/sensible';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';

import { errorSummary } from './auth-logger';
import type { Auth } from './better-auth';

/**
 * Creates the account of a confirmed sign-up through Better Auth and signs it in, as the link's
 * page asked; answers the headers of the new session (its cookie and its access token).
 * Better Auth marks the address confirmed as it creates the account (better-auth.ts).
 */
export async function openAccount(
  auth: Auth,
  account: { name: string; email: string; password: string },
  requestHeaders: IncomingHttpHeaders,
): Promise<Headers> {
  try {
    await auth.api.signUpEmail({ body: account });
    const { headers } = await auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      headers: fromNodeHeaders(requestHeaders),
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      throw httpErrors.createError(error.statusCode, error.message);
    }
    // A failed query's error carries its parameters (the new session's token among them): the
    // log gets only the kind of failure, as for Better Auth's own endpoints, never the error.
    // eslint-disable-next-line preserve-caught-error -- the cause is what must not be logged
    throw new Error(`identity request failed: ${JSON.stringify(errorSummary(error) ?? {})}`);
  }
}
