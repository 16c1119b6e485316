import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, bearer, genericOAuth, oauthPopup } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

import {
  messages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PasswordResetSchema,
  SignUpSchema,
} from '@apex/contract';

import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { accounts, pendingSignUps, sessions, users, verifications } from '../../../db/schema';
import type { RecordAudit } from '../../../lib/audit';
import { AUTH_BASE_PATH } from '../../../lib/identity';
import type { RateLimitStore } from '../../../lib/rate-limit-store';
import { shopOrigins } from '../../../lib/shop-origins';
import { isCommonPassword } from '../common-passwords';
import type { PasswordHashing } from '../passwords';
import { createAccountMail, isResetToken, RESET_LINK_SECONDS } from './account-mail';
import { createAdminEmails } from './admin-emails';
import { authLogger } from './auth-logger';
import { authTransactions } from './auth-transactions';
import { signInLimits } from './sign-in-limits';

/** Better Auth on the shop's own database: email + password, Google (OIDC), roles, bearer tokens. */
export function createAuth(
  db: Database,
  config: Config,
  secret: string,
  rateLimitStore: RateLimitStore,
  log: FastifyBaseLogger,
  /** The audit log's writer: admin rights granted by ADMIN_EMAILS are written there. */
  recordAudit: RecordAudit,
  passwords: PasswordHashing,
) {
  const origin = config.publicUrl.origin;
  const transactions = authTransactions(db);
  const adminEmails = createAdminEmails(db, config.auth.adminEmails, recordAudit);
  const accountMail = createAccountMail({
    db,
    publicUrl: config.publicUrl,
    secret,
    store: rateLimitStore,
    limitsEnabled: config.limits.enabled,
    log,
  });
  return betterAuth({
    appName: 'Apex Parts',
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    // Better Auth checks each POST's Origin against the shop's own (as plugins/same-origin does).
    trustedOrigins: shopOrigins(config),
    database: drizzleAdapter(transactions.database, {
      provider: 'pg',
      // Sign-up writes the account, its password, its session and its verification mail as one.
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      password: passwords,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Only a confirmed address signs in (decision 021). Accounts are made by the shop's own
      // sign-up once their address is confirmed; one left unconfirmed by an earlier version
      // confirms it through a reset link (onPasswordReset below).
      requireEmailVerification: true,
      autoSignIn: false,
      // The reset mail is queued with its token (databaseHooks.verification below).
      sendResetPassword: async () => {},
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // Whoever knew the old password is signed out everywhere: every session ends, and with it
      // every access token (a session's token is the access token).
      revokeSessionsOnPasswordReset: true,
      // A reset link proves the mailbox and sets the password through it: the address is
      // confirmed, and an ADMIN_EMAILS address becomes admin.
      onPasswordReset: ({ user }) => adminEmails.confirmAddress(user.id),
    },
    // The shop mails its own sign-up links (modules/accounts/sign-up.ts); Better Auth sends none.
    emailVerification: { sendOnSignUp: false, sendOnSignIn: false },
    session: {
      // Off on purpose: a cached session would keep a revoked token or an old role alive.
      cookieCache: { enabled: false },
    },
    // Requests to these endpoints are limited per address before they reach Better Auth
    // (plugins/limits.ts, @fastify/rate-limit, shared through Redis).
    rateLimit: { enabled: false },
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
      // Sign-up obeys the shop's own rules (requirements §5), the same schema the signup form uses,
      // and refuses the most common passwords; so does a new password chosen through a reset link.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const data = parseOrRefuse(SignUpSchema, ctx.body);
          await refuseCommonPassword(data.password, 'body.password');
          return { context: { body: { ...(ctx.body as object), ...data } } };
        }
        if (ctx.path === '/reset-password') {
          const data = parseOrRefuse(PasswordResetSchema, ctx.body);
          await refuseCommonPassword(data.newPassword, 'body.newPassword');
          return { context: { body: { ...(ctx.body as object), ...data } } };
        }
        // An admin who asks for a reset link is in Activity: nobody takes over an account unseen.
        if (ctx.path === '/request-password-reset') {
          const session = await getSessionFromCtx(ctx);
          if (session?.user.role === 'admin') {
            await adminEmails.recordResetRequest(session.user, ctx.body);
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            // Browsers cannot reach sign-up here (open-endpoints.ts): the shop calls it once the
            // link's page has proven both the mailbox and the password, so the address is
            // confirmed. Google's accounts bring its own verified claim.
            const emailVerified = context?.path === '/sign-up/email' || user.emailVerified;
            const created = {
              ...user,
              id: crypto.randomUUID(),
              email: user.email.toLowerCase(),
              emailVerified,
              role: adminEmails.grantsAtCreation({ ...user, emailVerified }) ? 'admin' : 'user',
            };
            return { data: created };
          },
          // Whatever sign-ups still wait for this address are moot once it has an account, and
          // an account ADMIN_EMAILS made admin says so in Activity.
          after: async (user) => {
            const writer = transactions.writer();
            await writer.delete(pendingSignUps).where(eq(pendingSignUps.email, user.email));
            if ((user as { role?: string }).role === 'admin') {
              await adminEmails.recordGrantAtCreation(writer, user);
            }
          },
        },
      },
      session: {
        create: {
          // Google's verified claim proves the mailbox at each sign-in with it.
          after: async (session, context) => {
            if (context?.path.startsWith('/callback/')) {
              await adminEmails.grantOnceVerified(session.userId);
            }
          },
        },
      },
      verification: {
        create: {
          // Better Auth would write the token, then call sendResetPassword: a crash between the
          // two would keep a token nobody was mailed. The shop writes both at once instead.
          before: async (verification) => {
            if (!isResetToken(verification)) return;
            await accountMail.storeResetToken(verification);
            return false;
          },
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
                  // An address Google has not verified opens no session here.
                  requireEmailVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The body as the schema reads it, or a 400 naming every invalid field. */
function parseOrRefuse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new APIError('BAD_REQUEST', {
    message: parsed.error.issues.map((issue) => issue.message).join('; '),
    fields: parsed.error.issues.map((issue) => ({
      field: ['body', ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}

async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: messages.passwordTooCommon,
      fields: [{ field, message: messages.passwordTooCommon }],
    });
  }
}
