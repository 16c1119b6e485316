import { httpErrors } from '@fastify/sensible';
import { desc, eq } from 'drizzle-orm';

import type { OutboxMail, OutboxPage } from '@apex/contract';

import type { Database } from '../../db/client';
import { outbox, type OutboxRow } from '../../db/schema';
import type { RecordAudit } from '../../lib/audit';
import type { Viewer } from '../../lib/identity';
import { isUuid } from '../../lib/ids';
import { olderThan, toPage } from '../../lib/keyset';
import { type MailMessage, withoutSecrets } from '../../lib/outbox';

// The templates load React: only when an admin opens the outbox, never on a server's start.
const loadMessages = () => import('./messages');

async function toOutboxMail(row: OutboxRow, shop: URL): Promise<OutboxMail> {
  const { mailSubject } = await loadMessages();
  return {
    id: row.id,
    recipient: row.recipient,
    subject: mailSubject(row.data as MailMessage, shop),
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * The outbox as admins read it: every mail, newest first, and each one's message. A one-time link
 * (a sign-up's, a reset's) never shows here, even while its mail waits to be sent, and every read
 * goes into Activity: an admin cannot take over a customer's account through the Outbox unseen.
 */
export function createOutboxReader(
  db: Database,
  shop: URL,
  { recordAudit }: { recordAudit: RecordAudit },
) {
  async function findRow(id: string): Promise<OutboxRow> {
    const [row] = isUuid(id) ? await db.select().from(outbox).where(eq(outbox.id, id)) : [];
    if (!row) throw httpErrors.notFound('There is no such mail');
    return row;
  }

  return {
    async listMails(
      admin: Viewer,
      {
        before,
        limit,
      }: {
        before?: string | undefined;
        limit: number;
      },
    ): Promise<OutboxPage> {
      const rows = await db
        .select()
        .from(outbox)
        .where(
          await olderThan(db, outbox, before, 'There is no such mail: start again from the newest'),
        )
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit + 1);
      const { page, next } = toPage(rows, limit);
      await recordAudit(db, {
        actor: admin,
        action: 'mail.list',
        subject: { type: 'mail', id: before ?? 'newest' },
        before: null,
        after: { mails: page.length },
      });
      return { mails: await Promise.all(page.map((row) => toOutboxMail(row, shop))), next };
    },

    /** One mail, and its message as the mail server receives it (HTML and plain text). */
    async readMail(
      admin: Viewer,
      id: string,
    ): Promise<{ mail: OutboxMail; html: string; text: string }> {
      const row = await findRow(id);
      const { renderMail } = await loadMessages();
      const { html, text } = await renderMail(withoutSecrets(row.data as MailMessage), shop);
      const mail = await toOutboxMail(row, shop);
      await recordAudit(db, {
        actor: admin,
        action: 'mail.read',
        subject: { type: 'mail', id: row.id },
        before: null,
        after: { recipient: mail.recipient, subject: mail.subject },
      });
      return { mail, html, text };
    },
  };
}

export type OutboxReader = ReturnType<typeof createOutboxReader>;
