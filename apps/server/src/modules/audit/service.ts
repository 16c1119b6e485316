import { httpErrors } from '@fastify/sensible';
import { and, desc, eq, sql } from 'drizzle-orm';

import { ACTIVITY_PAGE_SIZE, type ActivityEntry, type ActivityPage } from '@apex/contract';

import type { Database } from '../../db/client';
import { auditLog, type AuditLogRow } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';

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

    /**
     * One page, newest first, paged by (created_at, id) from the entry named by `before`: the
     * cursor is an entry's id, so it keeps the database's full timestamp precision, and entries
     * added meanwhile never shift a page.
     */
    async list({
      before,
      limit = ACTIVITY_PAGE_SIZE,
    }: {
      before?: string | undefined;
      limit?: number;
    }): Promise<ActivityPage> {
      if (before !== undefined) {
        const [anchor] = await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(eq(auditLog.id, before));
        if (!anchor) {
          throw httpErrors.badRequest(
            'There is no activity entry with this id: start again from the newest',
          );
        }
      }
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            before === undefined
              ? undefined
              : sql`(${auditLog.createdAt}, ${auditLog.id}) < (select anchor.created_at, anchor.id from audit_log anchor where anchor.id = ${before})`,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        // One more than a page tells whether another page follows.
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(toActivityJson),
        next: rows.length > limit && last ? last.id : null,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
