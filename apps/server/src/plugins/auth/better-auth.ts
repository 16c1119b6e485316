import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, bearer, genericOAuth, oauthPopup } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';

import { messages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SignUpSchema } from '@apex/contract';

import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import type { RateLimitStore } from '../../lib/rate-limit-store';
import { shopOrigins } from '../../lib/shop-origins';
import { isCommonPassword } from '../../modules/accounts/common-passwords';
import { authLogger } from './auth-logger';
import { signInLimits } from './sign-in-limits';

export const AUTH_BASE_PATH = '/api/auth';

/** Better Auth on the shop's own database: email + password, Google (OIDC), roles, bearer tokens. */
export function createAuth(
  db: Database,
  config: Config,
  secret: string,
  rateLimitStore: RateLimitStore,
  log: FastifyBaseLogger,
) {
  const origin = config.publicUrl.origin;
  const adminEmails = new Set(config.auth.adminEmails);
  return betterAuth({
    appName: 'Apex Parts',
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    // Better Auth checks each POST's Origin against the shop's own (as plugins/same-origin does).
    trustedOrigins: shopOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: {
      // Off on purpose: a cached session would keep a revoked token or an old role alive.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      // On in every environment; counted in the shop's shared store (the database, or Redis).
      enabled: config.limits.enabled,
      customStorage: { consume: (key, rule) => rateLimitStore.consume(`auth:${key}`, rule) },
    },
    advanced: {
      useSecureCookies: config.publicUrl.protocol === 'https:',
      // The only address header we set is the one our Fastify derived from the socket/trustProxy.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Joined reads (relations in db/schema.ts): every signed-in request reads its session and
      // user in one query, not two.
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    logger: authLogger(log, config.logLevel),
    // Failures reach the shop's error handling (plugins/auth) instead of Better Auth's console
    // dump, which would print the failed query with its parameters.
    onAPIError: { throw: true },
    hooks: {
      // Sign-up obeys the shop's own rules (spec §5), the same schema the signup form uses, and
      // refuses the most common passwords.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const parsed = SignUpSchema.safeParse(ctx.body);
        if (!parsed.success) {
          throw new APIError('BAD_REQUEST', {
            message: parsed.error.issues.map((issue) => issue.message).join('; '),
            fields: parsed.error.issues.map((issue) => ({
              field: ['body', ...issue.path].join('.'),
              message: issue.message,
            })),
          });
        }
        if (await isCommonPassword(parsed.data.password)) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_TOO_COMMON',
            message: messages.passwordTooCommon,
            fields: [{ field: 'body.password', message: messages.passwordTooCommon }],
          });
        }
        return { context: { body: { ...(ctx.body as object), ...parsed.data } } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              email: user.email.toLowerCase(),
              role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'user',
            },
          }),
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      signInLimits({ store: rateLimitStore, enabled: config.limits.enabled }),
      bearer(),
      oauthPopup(),
      ...(config.auth.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: config.auth.google.discoveryUrl,
                  clientId: config.auth.google.clientId,
                  clientSecret: config.auth.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
