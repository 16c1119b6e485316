import type { ActivityAction, ActivitySnapshot, ActivitySubjectType } from '@apex/contract';

import type { Database } from '../db/client';

/** One admin action, as the services that do it describe it to the audit log. */
export interface AuditEntry {
  /** The signed-in admin who did it (a `Viewer` will do). */
  actor: { id: string; email: string };
  action: ActivityAction;
  subject: { type: ActivitySubjectType; id: string };
  /** The thing before the action; null when the action created it. */
  before: ActivitySnapshot | null;
  /** The thing after the action; null when the action removed it. */
  after: ActivitySnapshot | null;
}

/**
 * Writes an entry to the audit log. Services that change things pass their transaction, so the
 * entry is written if and only if the change is.
 */
export type RecordAudit = (db: Database, entry: AuditEntry) => Promise<void>;
