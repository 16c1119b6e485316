import type { Database } from '../db/client';
import { outbox } from '../db/schema';

/** What an order's mail says of it, as of the change that caused the mail. */
export interface OrderFacts {
  id: string;
  /** The part's name; for an order of several lines, their names. */
  partName: string;
  /** Units ordered, over the lines. */
  quantity: number;
  /** What the order holds (absent from mails queued before orders had lines). */
  lines?: { partName: string; quantity: number; totalCents: number }[];
  totalCents: number;
  /** The payment intent that paid it: the customer's transaction id. */
  transactionId: string | null;
  /** Paid through the built-in test-mode processor: no money moved. */
  testPayment: boolean;
}

/** Every message the shop sends, with what it needs to say. */
export type MailMessage =
  | {
      kind: 'order-placed';
      name: string;
      order: OrderFacts;
      expiresAt: string | null;
      /** Whether the parts are held until `expiresAt` (absent from mails queued before). */
      held?: boolean;
    }
  /** An order paid after its parts sold to someone who paid first: its payment is refunded. */
  | { kind: 'order-sold-out'; name: string; order: OrderFacts }
  | { kind: 'order-paid'; name: string; order: OrderFacts }
  | { kind: 'order-shipped'; name: string; order: OrderFacts }
  | { kind: 'order-deleted'; name: string; order: OrderFacts }
  | {
      kind: 'low-stock';
      part: { id: string; name: string; stock: number; minOrder: number };
    }
  /** A visitor's question from the home page's contact form, to each admin (kept for old mail). */
  | { kind: 'contact-question'; from: string; question: string }
  /** The contact form's questions since the last digest, to each admin. */
  | {
      kind: 'contact-digest';
      questions: { from: string; question: string; askedAt: string }[];
    }
  /**
   * Mails to an address that may not have asked for them (a sign-up's link, a reset link, the
   * notice that someone tried to sign up again) carry nothing the requester typed.
   */
  | { kind: 'verify-email'; link: string }
  | { kind: 'password-reset'; link: string }
  | { kind: 'sign-up-existing' };

export type MailKind = MailMessage['kind'];

/**
 * Links that sign someone in or change a password are not kept once they are delivered, and no
 * admin ever reads them in the Outbox.
 */
export function withoutSecrets(message: MailMessage): MailMessage {
  if (message.kind === 'verify-email' || message.kind === 'password-reset') {
    return { ...message, link: '' };
  }
  return message;
}

/** A database or an open transaction: mail is queued in the transaction of its cause. */
export type Writer = Pick<Database, 'insert'>;

type Mail = { to: string; message: MailMessage };

const rowsOf = (mails: readonly Mail[]) =>
  mails.map(({ to, message }) => ({ kind: message.kind, recipient: to, data: message }));

/**
 * Queues mail in the caller's transaction: it is sent if and only if the change commits, and a
 * crash after the commit cannot lose it (the senders pick it up after a restart).
 */
export async function queueMail(writer: Writer, mails: readonly Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await writer.insert(outbox).values(rowsOf(mails));
}

/**
 * Queues mail within the statement of the change that causes it, as a data-modifying WITH named
 * `name` (`tx.with(queued).insert(…)`): the same guarantees as `queueMail`, without a round trip
 * of its own, for the shop's busiest write.
 */
export function queueMailWith(
  writer: Pick<Database, 'insert' | '$with'>,
  name: string,
  mails: readonly [Mail, ...Mail[]],
) {
  return writer
    .$with(name)
    .as(writer.insert(outbox).values(rowsOf(mails)).returning({ id: outbox.id }));
}
