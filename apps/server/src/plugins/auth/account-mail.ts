import { createHmac, randomUUID } from 'node:crypto';

import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { queueMail, type Writer } from '../../lib/outbox';
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

  /** Better Auth checks the token, marks the address verified and sends the browser on. */
  const verificationMail = (user: Recipient, token: string) => ({
    to: user.email,
    message: {
      kind: 'verify-email' as const,
      name: user.name,
      link: at('/api/auth/verify-email', { token, callbackURL: VERIFY_EMAIL_PAGE }),
    },
  });

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
     * Sign-up: the link is queued in the transaction that creates the account (the writer is
     * Better Auth's open one), so an account never commits without its mail. The token is the
     * one Better Auth would make: a signed address, bound to the account's id.
     */
    async queueVerificationLink(writer: Writer, user: Recipient & { id: string }): Promise<void> {
      const token = await createEmailVerificationToken(
        secret,
        user.email,
        undefined,
        VERIFICATION_LINK_SECONDS,
        { userId: user.id },
      );
      await queueMail(writer, [verificationMail(user, token)]);
    },

    /** "Resend" on the banner: nothing changes in the database but the queued mail itself. */
    async sendVerificationLink(user: Recipient, token: string): Promise<void> {
      await queueMail(db, [verificationMail(user, token)]);
    },

    /**
     * A password reset token is written with its mail, in one transaction: a token is never
     * stored without the mail that carries it, nor a mail queued for a token that is not.
     * Better Auth checks the token and sends the browser to the reset page with it, or with
     * `error=INVALID_TOKEN`.
     */
    async storeResetToken(verification: VerificationValue): Promise<void> {
      const [user] = await db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, verification.value));
      if (!user || !(await mayMailReset(user.email))) return;
      const token = verification.identifier.slice(RESET_TOKEN_PREFIX.length);
      const link = at(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
        callbackURL: RESET_PASSWORD_PAGE,
      });
      await db.transaction(async (tx) => {
        await tx.insert(verifications).values({ id: randomUUID(), ...verification });
        await queueMail(tx, [
          { to: user.email, message: { kind: 'password-reset', name: user.name, link } },
        ]);
      });
    },
  };
}
