import { httpErrors } from '@fastify/sensible';
import { eq } from 'drizzle-orm';

import type { ContactQuestion } from '@apex/contract';

import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { queueMail } from '../../lib/outbox';

export type Contact = ReturnType<typeof createContact>;

export function createContact(db: Database) {
  return {
    /**
     * Mails a visitor's question to every admin, through the outbox: it is kept and delivered
     * even while the mail server is down, and each admin can answer the address it gives.
     */
    async ask(question: ContactQuestion): Promise<void> {
      await db.transaction(async (tx) => {
        const admins = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.role, 'admin'));
        // A shop without an admin has nobody to read the question: say so, keep nothing.
        if (admins.length === 0) {
          throw httpErrors.createError(
            503,
            'The shop cannot take questions yet: please try again later',
            { expose: true },
          );
        }
        const message = {
          kind: 'contact-question',
          from: question.email,
          question: question.question,
        } as const;
        await queueMail(
          tx,
          admins.map(({ email }) => ({ to: email, message })),
        );
      });
    },
  };
}
