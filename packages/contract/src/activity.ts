import { z } from 'zod';

import { pageCursor } from './paging';

/** What an admin can do that the shop accounts for, as `thing.verb`. */
export const ACTIVITY_ACTIONS = [
  'part.add',
  'part.edit',
  'part.restock',
  'part.archive',
  'picture.upload',
  'part.fitment',
  'vehicle.add',
  'vehicle.edit',
  'vehicle.delete',
  'order.ship',
  'order.delete',
  'user.make-admin',
  // An admin asked for a password reset link: nobody takes over an account unseen.
  'user.request-reset',
  // An admin read the Outbox (its list, or one mail): mail holds customers' personal data.
  'mail.list',
  'mail.read',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_SUBJECT_TYPES = [
  'part',
  'picture',
  'order',
  'user',
  'mail',
  'vehicle',
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

/** How many entries one page of the activity log holds. */
export const ACTIVITY_PAGE_SIZE = 50;

/**
 * A thing as it was before or after an action: its fields by name, flat. Money is in cents
 * (fields named `…Cents`), as the shop keeps it.
 */
export const ActivitySnapshotSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type ActivitySnapshot = z.infer<typeof ActivitySnapshotSchema>;

/** One admin action: who did what to which thing, when, and the thing before and after. */
export const ActivityEntrySchema = z
  .object({
    _id: z.string(),
    createdAt: z.string().describe('When it was done (ISO 8601, UTC)'),
    actor: z.object({ id: z.string(), email: z.string() }).describe('The admin who did it'),
    action: z.enum(ACTIVITY_ACTIONS),
    subject: z.object({ type: z.enum(ACTIVITY_SUBJECT_TYPES), id: z.string() }),
    before: ActivitySnapshotSchema.nullable().describe('null when the action created the thing'),
    after: ActivitySnapshotSchema.nullable().describe('null when the action removed the thing'),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityQuerySchema = z.object({
  before: pageCursor('an activity entry', 'entries'),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

/** A page of the activity log, newest first. */
export const ActivityPageSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  next: z
    .string()
    .nullable()
    .describe('Pass as `before` for the next, older page; null on the last page'),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
