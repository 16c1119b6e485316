import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

import type { Database } from '../../db/client';
import { outbox, type OutboxRow } from '../../db/schema';
import { textForLogs } from '../../lib/logging';
import { type MailMessage, withoutSecrets } from '../../lib/outbox';

/** Rows one pass claims at most; a full pass is followed by the next at once, so a burst drains. */
const BATCH = 20;
/**
 * How long a claimed row is left to its sender. Longer than any one delivery can take (the
 * transport gives up on a silent server well before), so a row is sent twice only when its
 * sender died between the mail server's answer and the row's update.
 */
const LEASE_SECONDS = 60;
/** After this long, a mail that could not be delivered is given up as failed. */
const GIVE_UP_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/** The wait before the next try: 5 s, 10 s, 20 s, … up to 15 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60 * 1000);
}

/** A refusal the mail server says is final (5xx): trying again would not help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface MailSender {
  /** One pass over the due mail; resolves with how many rows it settled. */
  deliverDue(): Promise<number>;
  /** Passes every `intervalMs` until the returned function is called (it waits for a pass in flight). */
  runRegularly(intervalMs?: number): () => Promise<void>;
}

/**
 * Delivers the outbox. Every server process runs one; they share the work safely: a pass claims
 * due rows with `FOR UPDATE SKIP LOCKED` and a lease, so two processes never take the same row,
 * and a row is marked sent only after the mail server accepted it. Without a mail server the rows
 * are kept, for admins to read on Dashboard → Outbox.
 */
export function createMailSender({
  db,
  transport,
  from,
  shop,
  log,
}: {
  db: Database;
  /** nodemailer over SMTP, or null: keep the mail instead of sending it. */
  transport: Transporter | null;
  from: string;
  shop: URL;
  log: FastifyBaseLogger;
}): MailSender {
  async function claimDue(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.state, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function deliver(row: OutboxRow, mailer: Transporter): Promise<void> {
    const message = row.data as MailMessage;
    try {
      // The templates load React: only once there is mail to send, never on a server's start.
      const { renderMail } = await import('./messages');
      const mail = await renderMail(message, shop);
      await mailer.sendMail({
        from,
        to: row.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // The row's id names the message: should a crash make us send it twice, the two copies
        // are recognisably one message.
        messageId: `<${row.id}@${shop.hostname}>`,
      });
      await db
        .update(outbox)
        .set({ state: 'sent', sentAt: new Date(), lastError: null, data: withoutSecrets(message) })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givingUp =
        isPermanent(error) || Date.now() - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
      // The server's reason often names the mailbox: the log keeps the reason, not the address
      // (the Outbox shows admins the whole reason beside the mail's recipient).
      log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, reason: textForLogs(reason) },
        'mail not delivered',
      );
      await db
        .update(outbox)
        .set(
          givingUp
            ? { state: 'failed', lastError: reason }
            : {
                lastError: reason,
                nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
              },
        )
        .where(eq(outbox.id, row.id));
    }
  }

  async function deliverDue(): Promise<number> {
    if (!transport) {
      const kept = await db
        .update(outbox)
        .set({ state: 'kept' })
        .where(eq(outbox.state, 'pending'))
        .returning({ id: outbox.id });
      return kept.length;
    }
    const claimed = await claimDue();
    // Side by side: the pooled transport sends them over a few open connections.
    await Promise.all(claimed.map((row) => deliver(row, transport)));
    return claimed.length;
  }

  return {
    deliverDue,
    runRegularly(intervalMs = 2_000) {
      let pass: Promise<unknown> = Promise.resolve();
      let running = false;
      let stopped = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        pass = (async () => {
          // A full batch means more may be due: go on until a pass finds less.
          while (!stopped && (await deliverDue()) === BATCH);
        })()
          .catch((error: unknown) => log.error({ err: error }, 'mail delivery pass failed'))
          .finally(() => (running = false));
      }, intervalMs);
      // The process may exit while mail waits: the next start delivers it.
      timer.unref();
      return async () => {
        clearInterval(timer);
        stopped = true;
        await pass;
      };
    },
  };
}
