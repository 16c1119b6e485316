import { and, eq, ne } from 'drizzle-orm';

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
    /** An account created already verified (Google) with a listed address starts as admin. */
    grantsAtCreation(user: AccountFacts): boolean {
      return user.emailVerified === true && isListed(user.email);
    },

    /** After any change to an account: a listed address that is now verified makes it admin. */
    async grantOnceVerified(user: AccountFacts): Promise<void> {
      if (!user.id || user.emailVerified !== true || user.role === 'admin') return;
      if (!isListed(user.email)) return;
      const id = user.id;
      await db.transaction(async (tx) => {
        const granted = await tx
          .update(users)
          .set({ role: 'admin', updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.emailVerified, true), ne(users.role, 'admin')))
          .returning({ email: users.email, role: users.role });
        const [row] = granted;
        if (!row) return;
        // The account is its own actor: ADMIN_EMAILS granted it, no admin did.
        await record(tx, {
          actor: { id, email: row.email },
          action: 'user.make-admin',
          subject: { type: 'user', id },
          before: { email: row.email, role: user.role ?? 'user' },
          after: { email: row.email, role: 'admin' },
        });
      });
    },
  };
}
