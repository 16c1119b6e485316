import { createHmac, randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../../db/client';
import { users, verifications } from '../../../db/schema';
import { queueMail } from '../../../lib/outbox';
import type { RateLimitRule, RateLimitStore } from '../../../lib/rate-limit-store';

/** The shop page the link in a reset mail lands on (apps/web). */
export const RESET_PASSWORD_PAGE = '/reset-password';

/** How long a password reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;

/** Reset mails one address gets per hour, whoever asks and from however many addresses. */
export const RESET_MAILS_PER_ADDRESS: RateLimitRule = { window: 60 * 60, max: 3 };

/** What Better Auth writes for a verification token (a row of `verifications`, without its id). */
interface VerificationValue {
  identifier: string;
  value: string;
  expiresAt: Date;
}

/** Better Auth keeps a password reset token as `reset-password:<token>`, valued the user's id. */
const RESET_TOKEN_PREFIX = 'reset-password:';

export const isResetToken = (verification: VerificationValue) =>
  verification.identifier.startsWith(RESET_TOKEN_PREFIX);

/**
 * The password reset mail, queued in the outbox. Its link is built here from the shop's public
 * address, never from the request: a link in a mail must lead to this shop whatever
 * `callbackURL` a caller sent.
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

  /**
   * Past a few mails an hour to one address, the request is answered as usual but no mail
   * goes: nobody can flood an inbox from many client addresses, and the answer tells nothing
   * about the account.
   */
  async function mayMailReset(email: string): Promise<boolean> {
    if (!limitsEnabled) return true;
    const tag = createHmac('sha256', secret)
      .update(`password-reset:${email}`)
      .digest('base64url')
      .slice(0, 22);
    const { allowed } = await store.consume(`password-reset-mail:${tag}`, RESET_MAILS_PER_ADDRESS);
    if (!allowed) log.warn('Password reset asked too often for one account: no mail sent');
    return allowed;
  }

  return {
    /**
     * A password reset token is written with its mail, in one transaction: a token is never
     * stored without the mail that carries it, nor a mail queued for a token that is not.
     * Better Auth checks the token and sends the browser to the reset page with it, or with
     * `error=INVALID_TOKEN`.
     */
    async storeResetToken(verification: VerificationValue): Promise<void> {
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, verification.value));
      if (!user || !(await mayMailReset(user.email))) return;
      const token = verification.identifier.slice(RESET_TOKEN_PREFIX.length);
      const link = at(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
        callbackURL: RESET_PASSWORD_PAGE,
      });
      await db.transaction(async (tx) => {
        await tx.insert(verifications).values({ id: randomUUID(), ...verification });
        await queueMail(tx, [{ to: user.email, message: { kind: 'password-reset', link } }]);
      });
    },
  };
}
