import { and, eq, inArray, ne } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { record } from '../../modules/audit/service';

interface AccountFacts {
  id?: string;
  email: string;
  emailVerified?: boolean | null;
  role?: string | null;
}

/**
 * ADMIN_EMAILS: an account with one of these addresses becomes admin once the address is shown
 * to be its owner's (the link in the verification mail, or Google's verified e-mail claim), never
 * because someone signed up with it.
 *
 * Accounts made before addresses were verified keep what they had: none of them is marked
 * verified (nobody ever showed the address was theirs), and an admin stays admin, since the role
 * is stored and only ever granted here, not taken away. An ADMIN_EMAILS account that was not yet
 * admin becomes one when its owner follows a verification link.
 */
export function createAdminEmails(db: Database, configured: readonly string[]) {
  const listed = new Set(configured.map((email) => email.toLowerCase()));
  const isListed = (email: string) => listed.has(email.toLowerCase());

  return {
    /** Whether ADMIN_EMAILS lists the address (checked before any query is spent on it). */
    lists: isListed,

    /** An account created already verified (Google) with a listed address starts as admin. */
    grantsAtCreation(user: AccountFacts): boolean {
      return user.emailVerified === true && isListed(user.email);
    },

    /**
     * Makes the account admin if its address is listed and verified, once. Called after any
     * change to an account and at every sign-in: Better Auth marks the address verified in a
     * commit of its own, and should the process stop right after it, the owner's next sign-in
     * grants what that one did not.
     */
    async grantOnceVerified(userId: string): Promise<void> {
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
        if (!row) return;
        // The account is its own actor: ADMIN_EMAILS granted it, no admin did.
        await record(tx, {
          actor: { id: userId, email: row.email },
          action: 'user.make-admin',
          subject: { type: 'user', id: userId },
          before: { email: row.email, role: 'user' },
          after: { email: row.email, role: 'admin' },
        });
      });
    },
  };
}
