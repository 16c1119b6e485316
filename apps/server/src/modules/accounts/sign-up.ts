import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { httpErrors } from '@fastify/sensible';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';

import { type ConfirmSignUp, messages, type SignUp } from '@apex/contract';

import type { Database } from '../../db/client';
import { outbox, pendingSignUps, users } from '../../db/schema';
import { queueMail } from '../../lib/outbox';
import { fieldError } from '../../plugins/errors';
import { isCommonPassword } from './common-passwords';
import type { PasswordHashing } from './passwords';

/** The shop page the link in the confirmation mail opens (apps/web). */
export const CONFIRM_EMAIL_PAGE = '/confirm-email';
/** How long a confirmation link works: a day, so a mail read the next morning still works. */
export const SIGN_UP_LINK_SECONDS = 24 * 60 * 60;
/** Mails one address gets from sign-ups in an hour, whoever asks: nobody floods an inbox. */
export const SIGN_UP_MAILS_PER_HOUR = 3;
/** Wrong passwords a link takes before its sign-up is dropped: the link is no password oracle. */
export const MAX_WRONG_PASSWORDS = 5;

/** The answer to every sign-up, known address or not (decision 021). */
export const checkYourInbox = (email: string) =>
  `Check your inbox: we sent a link to ${email}. Open it to confirm your address and sign in.`;

const LINK_DOES_NOT_WORK =
  'This link does not work any more: it was used, it expired, or a newer sign-up replaced it. Sign up again to get a new one.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a confirmed sign-up becomes: the account to create, with the password proven. */
export interface ConfirmedSignUp {
  name: string;
  email: string;
  password: string;
}

/**
 * Sign-up in two steps (decision 021). Signing up creates no account: it keeps the name, the
 * address and the password's hash, and mails a link. The account is made only when whoever
 * opens that link types the same password, so one person has shown both the mailbox and the
 * password. A squatter who signs up with someone else's address never gets an account, and the
 * owner's own sign-up or Google sign-in is never in the way.
 */
export function createSignUps(
  db: Database,
  { publicUrl, passwords }: { publicUrl: URL; passwords: PasswordHashing },
) {
  /** Mails this address got from sign-ups in the last hour, of either kind. */
  async function mailsWithinTheHour(email: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, email),
          sql`${outbox.kind} in ('verify-email', 'sign-up-existing')`,
          gt(outbox.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    return row?.n ?? 0;
  }

  return {
    /**
     * Keeps a sign-up and mails its link, or, when the address has an account already, mails its
     * owner a notice instead. Both answer alike, and past a few mails an hour to one address
     * neither mails at all: the answer says nothing about the address.
     */
    async signUp({ name, email, password }: SignUp): Promise<void> {
      if (await isCommonPassword(password)) {
        throw fieldError(400, 'password', messages.passwordTooCommon);
      }
      // Hashed whatever follows, so the time taken tells nothing either.
      const passwordHash = await passwords.hash(password);
      await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, sql`now()`));
      if ((await mailsWithinTheHour(email)) >= SIGN_UP_MAILS_PER_HOUR) return;
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      if (existing) {
        // Nothing the requester typed goes to a mailbox that did not ask for it.
        await queueMail(db, [{ to: email, message: { kind: 'sign-up-existing' } }]);
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const link = new URL(CONFIRM_EMAIL_PAGE, publicUrl);
      link.searchParams.set('token', token);
      await db.transaction(async (tx) => {
        await tx.insert(pendingSignUps).values({
          id: randomUUID(),
          email,
          name,
          passwordHash,
          tokenHash: hashOf(token),
          expiresAt: sql`now() + make_interval(secs => ${SIGN_UP_LINK_SECONDS})`,
        });
        await queueMail(tx, [
          { to: email, message: { kind: 'verify-email', link: link.toString() } },
        ]);
      });
    },

    /**
     * The link's page: the password typed there must be the one chosen at sign-up. Then every
     * sign-up of the address goes (whoever made them) and the account may be created; a wrong
     * password counts against the link, which dies at the limit.
     */
    async confirm({ token, password }: ConfirmSignUp): Promise<ConfirmedSignUp> {
      const [pending] = await db
        .select()
        .from(pendingSignUps)
        .where(
          and(
            eq(pendingSignUps.tokenHash, hashOf(token)),
            gt(pendingSignUps.expiresAt, sql`now()`),
          ),
        );
      if (!pending) throw httpErrors.badRequest(LINK_DOES_NOT_WORK);
      if (!(await passwords.verify({ hash: pending.passwordHash, password }))) {
        const [counted] = await db
          .update(pendingSignUps)
          .set({ failedAttempts: sql`${pendingSignUps.failedAttempts} + 1` })
          .where(eq(pendingSignUps.id, pending.id))
          .returning({ failedAttempts: pendingSignUps.failedAttempts });
        if ((counted?.failedAttempts ?? MAX_WRONG_PASSWORDS) >= MAX_WRONG_PASSWORDS) {
          await db.delete(pendingSignUps).where(eq(pendingSignUps.id, pending.id));
          throw httpErrors.badRequest(LINK_DOES_NOT_WORK);
        }
        throw fieldError(400, 'password', 'This is not the password chosen at sign-up');
      }
      // Claimed once: of two confirmations at the same moment, one deletes the rows.
      const claimed = await db
        .delete(pendingSignUps)
        .where(eq(pendingSignUps.email, pending.email))
        .returning({ id: pendingSignUps.id });
      if (!claimed.some((row) => row.id === pending.id)) {
        throw httpErrors.badRequest(LINK_DOES_NOT_WORK);
      }
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, pending.email));
      if (existing) {
        throw httpErrors.conflict('This address has an account already: sign in instead');
      }
      return { name: pending.name, email: pending.email, password };
    },
  };
}

export type SignUps = ReturnType<typeof createSignUps>;
