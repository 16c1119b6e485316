import { createHmac, randomBytes } from 'node:crypto';

import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { z } from 'zod';

import type { RateLimitStore } from '../../../lib/rate-limit-store';

/**
 * Failed sign-ins one account takes from browsers it has not signed in on before, all together,
 * and from each browser it has (each on its own), per window.
 */
export const ACCOUNT_SIGN_IN_RULE = { window: 15 * 60, max: 10 };

/** How long a browser stays known to an account after its last sign-in there. */
const KNOWN_DEVICE_MAX_AGE = 180 * 24 * 60 * 60;

const SignInBodySchema = z.object({ email: z.string().trim().toLowerCase().min(1) });

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** A short tag for the account, keyed by the auth secret so no email shows in cookies or keys. */
function accountTag(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`sign-in:${email}`).digest('base64url').slice(0, 22);
}

/** The cookie that marks this browser as one the account has signed in on. */
function knownDeviceCookie(ctx: HookContext, tag: string) {
  return ctx.context.createAuthCookie(`known_device_${tag}`, {
    maxAge: KNOWN_DEVICE_MAX_AGE,
    // Only the identity endpoints ever read it.
    path: '/api/auth',
  });
}

/** The browser's own id for this account, when it carries a valid cookie for exactly it. */
async function knownDeviceOf(ctx: HookContext, tag: string): Promise<string | null> {
  const cookie = knownDeviceCookie(ctx, tag);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (typeof value !== 'string') return null;
  const [valueTag, device] = value.split(':');
  return valueTag === tag && device ? device : null;
}

/** The count a sign-in attempt for this email, from this browser, falls into. */
async function bucketOf(ctx: HookContext, email: string): Promise<string> {
  const tag = accountTag(ctx.context.secret, email);
  const device = await knownDeviceOf(ctx, tag);
  return device ? `sign-in:device:${tag}:${device}` : `sign-in:account:${tag}`;
}

function emailOf(body: unknown): string | null {
  const parsed = SignInBodySchema.safeParse(body);
  return parsed.success ? parsed.data.email : null;
}

/**
 * Limits failed sign-ins per account (OWASP's device cookies): someone guessing one account's
 * password from any number of addresses is stopped after a few tries, yet cannot lock its owner
 * out, because a browser where the owner has signed in carries a signed cookie for that account
 * and is counted on its own. Each attempt is counted before it runs and given back when it
 * succeeds, so a burst of attempts at once cannot slip past the count.
 */
export function signInLimits({
  store,
  enabled,
}: {
  store: RateLimitStore;
  enabled: boolean;
}): BetterAuthPlugin {
  return {
    id: 'apex-sign-in-limits',
    hooks: {
      before: [
        {
          matcher: (ctx) => enabled && ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const { allowed, retryAfter } = await store.consume(
              await bucketOf(ctx, email),
              ACCOUNT_SIGN_IN_RULE,
            );
            if (allowed) return;
            const wait = retryAfter ?? ACCOUNT_SIGN_IN_RULE.window;
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                code: 'TOO_MANY_FAILED_SIGN_INS',
                message:
                  `Too many failed sign-ins for this account: try again in ` +
                  `${Math.ceil(wait / 60)} min, or from a browser you have signed in on before`,
              },
              { 'retry-after': String(wait) },
            );
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email' || ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const returned = ctx.context.returned;
            const wrongPassword = isAPIError(returned) && returned.statusCode === 401;
            if (enabled && ctx.path === '/sign-in/email' && !wrongPassword) {
              await store.refund(await bucketOf(ctx, email));
            }
            const signedIn = ctx.context.newSession?.user.email.toLowerCase();
            if (!signedIn) return;
            const tag = accountTag(ctx.context.secret, signedIn);
            const device = (await knownDeviceOf(ctx, tag)) ?? randomBytes(16).toString('base64url');
            const cookie = knownDeviceCookie(ctx, tag);
            await ctx.setSignedCookie(
              cookie.name,
              `${tag}:${device}`,
              ctx.context.secret,
              cookie.attributes,
            );
          }),
        },
      ],
    },
  };
}
