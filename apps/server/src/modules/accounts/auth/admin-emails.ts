import { and, eq, inArray, ne } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { pendingSignUps, users } from '../../../db/schema';
import type { RecordAudit } from '../../../lib/audit';

interface AccountFacts {
  id?: string;
  email: string;
  emailVerified?: boolean | null;
  role?: string | null;
}

/**
 * ADMIN_EMAILS: an account with one of these addresses becomes admin only once one person has
 * shown both the mailbox and the password (decision 021): a sign-up confirmed on the page its
 * link opens, a password set through a reset link, Google's verified claim, or `npm run admin`.
 * A password chosen before the mailbox was proven never makes anyone admin.
 *
 * An admin stays admin: the role is stored and only ever granted here, not taken away.
 */
export function createAdminEmails(
  db: Database,
  configured: readonly string[],
  record: RecordAudit,
) {
  const listed = new Set(configured.map((email) => email.toLowerCase()));
  const isListed = (email: string) => listed.has(email.toLowerCase());

  /**
   * Makes the account admin if its address is listed and verified, once. Called where the
   * mailbox was just proven again (a sign-in with Google, a reset link), so a grant lost to a
   * crash is made at the owner's next proof.
   */
  async function grantOnceVerified(userId: string): Promise<void> {
    if (listed.size === 0) return;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(
          and(
            eq(users.id, userId),
            eq(users.emailVerified, true),
            ne(users.role, 'admin'),
            inArray(users.email, [...listed]),
          ),
        )
        .returning({ email: users.email });
      if (row) await recordGrant(tx, { id: userId, email: row.email });
    });
  }

  /** The account is its own actor: ADMIN_EMAILS granted it, no admin did. */
  function recordGrant(writer: Database, user: { id: string; email: string }): Promise<void> {
    return record(writer, {
      actor: user,
      action: 'user.make-admin',
      subject: { type: 'user', id: user.id },
      before: { email: user.email, role: 'user' },
      after: { email: user.email, role: 'admin' },
    });
  }

  return {
    /** Whether ADMIN_EMAILS lists the address (checked before any query is spent on it). */
    lists: isListed,

    /** An account created already verified (Google) with a listed address starts as admin. */
    grantsAtCreation(user: AccountFacts): boolean {
      return user.emailVerified === true && isListed(user.email);
    },

    grantOnceVerified,

    /** An account created admin (its address listed and proven) is written to Activity. */
    recordGrantAtCreation: recordGrant,

    /**
     * A password was just set through a link mailed to the account's address: the address is
     * confirmed (an account left unconfirmed by an earlier version comes in this way), its
     * waiting sign-ups are moot, and a listed address becomes admin.
     */
    async confirmAddress(userId: string): Promise<void> {
      const [user] = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      if (!user) return;
      await db.delete(pendingSignUps).where(eq(pendingSignUps.email, user.email));
      await grantOnceVerified(userId);
    },

    /** An admin asked for a reset link: written to Activity, whoever's address it was. */
    async recordResetRequest(admin: { id: string; email: string }, body: unknown): Promise<void> {
      const email =
        typeof body === 'object' &&
        body !== null &&
        'email' in body &&
        typeof body.email === 'string'
          ? body.email.trim().toLowerCase()
          : '';
      const [account] = email
        ? await db.select({ id: users.id }).from(users).where(eq(users.email, email))
        : [];
      await record(db, {
        actor: admin,
        action: 'user.request-reset',
        subject: { type: 'user', id: account?.id ?? email },
        before: null,
        after: { email },
      });
    },
  };
}
