import { desc } from 'drizzle-orm';

import { ACTIVITY_PAGE_SIZE, type ActivityEntry, type ActivityPage } from '@apex/contract';

import type { Database } from '../../db/client';
import { auditLog, type AuditLogRow } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';
import { olderThan, toPage } from '../../lib/keyset';

export function toActivityJson(row: AuditLogRow): ActivityEntry {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    // The log is written only through `record`, whose entries are typed by the contract.
    action: row.action as ActivityEntry['action'],
    subject: { type: row.subjectType as ActivityEntry['subject']['type'], id: row.subjectId },
    before: (row.before ?? null) as ActivityEntry['before'],
    after: (row.after ?? null) as ActivityEntry['after'],
  };
}

/** Writes one admin action: through the change's own transaction (`tx`) wherever it has one. */
export async function record(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    before: entry.before,
    after: entry.after,
  });
}

/** What admins did, for admins to read: newest first, a page at a time. */
export function createAuditLog(db: Database) {
  return {
    record,

    /** One page, newest first; `before` is the previous page's `next` (see lib/keyset). */
    async list({
      before,
      limit = ACTIVITY_PAGE_SIZE,
    }: {
      before?: string | undefined;
      limit?: number;
    }): Promise<ActivityPage> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          await olderThan(
            db,
            auditLog,
            before,
            'There is no activity entry with this id: start again from the newest',
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit + 1);
      const { page, next } = toPage(rows, limit);
      return { entries: page.map(toActivityJson), next };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
