import { createHmac } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client';
import { queueMail } from '../../lib/outbox';
import type { RateLimitRule, RateLimitStore } from '../../lib/rate-limit-store';

/** The shop pages the links in these mails land on (apps/web). */
export const VERIFY_EMAIL_PAGE = '/verify-email';
export const RESET_PASSWORD_PAGE = '/reset-password';

/** How long a verification link works: a day, so a mail read the next morning still works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
/** How long a password reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;

/** Reset mails one address gets per hour, whoever asks and from however many addresses. */
export const RESET_MAILS_PER_ADDRESS: RateLimitRule = { window: 60 * 60, max: 3 };

interface Recipient {
  email: string;
  name: string;
}

/**
 * The mails of e-mail verification and password reset, queued in the outbox. Each link is built
 * here from the shop's public address, never from the request: a link in a mail must lead to
 * this shop whatever `callbackURL` a caller sent.
 */
export function createAccountMail({
  db,
  publicUrl,
  secret,
  store,
  limitsEnabled,
  log,
}: {
  db: Database;
  publicUrl: URL;
  secret: string;
  store: RateLimitStore;
  limitsEnabled: boolean;
  log: FastifyBaseLogger;
}) {
  const at = (path: string, query: Record<string, string>) => {
    const url = new URL(path, publicUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };

  return {
    /** Better Auth checks the token, marks the address verified and sends the browser on. */
    async sendVerificationLink(user: Recipient, token: string): Promise<void> {
      const link = at('/api/auth/verify-email', { token, callbackURL: VERIFY_EMAIL_PAGE });
      await queueMail(db, [
        { to: user.email, message: { kind: 'verify-email', name: user.name, link } },
      ]);
    },

    /**
     * Better Auth checks the token and sends the browser to the reset page with it, or with
     * `error=INVALID_TOKEN`. Past a few mails an hour to one address, the request is answered as
     * usual but no mail goes: nobody can flood an inbox from many client addresses, and the
     * answer tells nothing about the account.
     */
    async sendResetLink(user: Recipient, token: string): Promise<void> {
      if (limitsEnabled) {
        const tag = createHmac('sha256', secret)
          .update(`password-reset:${user.email}`)
          .digest('base64url')
          .slice(0, 22);
        const { allowed } = await store.consume(
          `password-reset-mail:${tag}`,
          RESET_MAILS_PER_ADDRESS,
        );
        if (!allowed) {
          log.warn('Password reset asked too often for one account: no mail sent');
          return;
        }
      }
      const link = at(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
        callbackURL: RESET_PASSWORD_PAGE,
      });
      await queueMail(db, [
        { to: user.email, message: { kind: 'password-reset', name: user.name, link } },
      ]);
    },
  };
}
