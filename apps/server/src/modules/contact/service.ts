import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { ContactQuestion } from '@apex/contract';

import type { Database } from '../../db/client';
import { contactQuestions, shopSettings, users } from '../../db/schema';
import { queueMail } from '../../lib/outbox';

export type Contact = ReturnType<typeof createContact>;

/** The most questions one digest lists; the rest wait for the next. */
const DIGEST_MAX_QUESTIONS = 200;
const LAST_DIGEST_SETTING = 'contact-digest-at';

/**
 * The contact form's questions. `digestMinutes` is the fewest minutes between two digests to the
 * admins: a flood of questions is still one mail a while.
 */
export function createContact(db: Database, { digestMinutes }: { digestMinutes: number }) {
  const admins = (tx: Pick<Database, 'select'>) =>
    tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));

  /**
   * Sends the questions waiting to every admin as one mail, unless a digest went out less than
   * `digestMinutes` ago; answers how many questions it took. Every instance runs it: the
   * time of the last digest is claimed by one conditional UPDATE, so only one of them sends.
   */
  async function sendDigest(): Promise<number> {
    return db.transaction(async (tx) => {
      await tx
        .insert(shopSettings)
        .values({ key: LAST_DIGEST_SETTING, value: new Date(0).toISOString() })
        .onConflictDoNothing();
      const [due] = await tx
        .update(shopSettings)
        .set({ value: sql`now()::text` })
        .where(
          and(
            eq(shopSettings.key, LAST_DIGEST_SETTING),
            sql`${shopSettings.value}::timestamptz <= now() - make_interval(mins => ${digestMinutes})`,
            sql`exists (select 1 from ${contactQuestions} where ${contactQuestions.digestedAt} is null)`,
          ),
        )
        .returning({ key: shopSettings.key });
      if (!due) return 0;
      const waiting = await tx
        .select()
        .from(contactQuestions)
        .where(isNull(contactQuestions.digestedAt))
        .orderBy(asc(contactQuestions.createdAt))
        .limit(DIGEST_MAX_QUESTIONS);
      await tx
        .update(contactQuestions)
        .set({ digestedAt: sql`now()` })
        .where(
          inArray(
            contactQuestions.id,
            waiting.map((question) => question.id),
          ),
        );
      const message = {
        kind: 'contact-digest',
        questions: waiting.map((question) => ({
          from: question.fromEmail,
          question: question.question,
          askedAt: question.createdAt.toISOString(),
        })),
      } as const;
      await queueMail(
        tx,
        (await admins(tx)).map(({ email }) => ({ to: email, message })),
      );
      return waiting.length;
    });
  }

  return {
    /**
     * Keeps a visitor's question for the next digest to the admins (through the outbox): it is
     * kept and delivered even while the mail server is down, and each admin can answer the
     * address it gives. Nobody can make the shop mail its admins once per request.
     */
    async ask(question: ContactQuestion): Promise<void> {
      // A shop without an admin has nobody to read the question: say so, keep nothing.
      if ((await admins(db)).length === 0) {
        throw httpErrors.createError(
          503,
          'The shop cannot take questions yet: please try again later',
          { expose: true },
        );
      }
      await db
        .insert(contactQuestions)
        .values({ fromEmail: question.email, question: question.question });
    },

    sendDigest,

    /**
     * Looks every `everyMs` whether a digest is due (each instance; one statement when it is
     * not); answers how to stop.
     */
    digestRegularly(log: FastifyBaseLogger, everyMs = 10_000): () => void {
      const timer = setInterval(() => {
        sendDigest().catch((error: unknown) =>
          log.warn({ err: error }, 'Could not send the digest of contact questions'),
        );
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
