import { z } from 'zod';

import { pageCursor } from './paging';

export const OUTBOX_STATES = ['pending', 'sent', 'kept', 'failed'] as const;

/** One mail in the outbox, as admins see it on Dashboard → Outbox. */
export const OutboxMailSchema = z
  .object({
    id: z.string(),
    recipient: z.string(),
    subject: z.string(),
    kind: z.string(),
    state: z
      .enum(OUTBOX_STATES)
      .describe(
        'pending: waiting for the mail server; sent: the server took it; kept: no mail server is set up; failed: given up',
      ),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxPageSchema = z.object({
  mails: z.array(OutboxMailSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const OutboxQuerySchema = z.object({
  before: pageCursor('a mail', 'mails'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** One mail with its message, as the mail server receives it. */
export const OutboxMessageSchema = OutboxMailSchema.extend({ text: z.string() }).meta({
  id: 'OutboxMessage',
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxParamsSchema = z.object({ id: z.string().max(64) });
