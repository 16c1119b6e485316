import { z } from 'zod';

/** One scheduled backup, as the operator's admin sees it. */
export const BackupRunSchema = z
  .object({
    /** The start of the interval it belongs to. */
    slotStart: z.iso.datetime(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    /** The archive's file name in BACKUP_DIR, once written. */
    file: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'BackupRun' });
export type BackupRun = z.infer<typeof BackupRunSchema>;

/** Whether the shop is being backed up, and how long ago the last good backup was. */
export const BackupStatusSchema = z
  .object({
    /** BACKUP_INTERVAL in seconds; null when the shop takes no scheduled backups. */
    intervalSeconds: z.number().int().nullable(),
    lastGoodAt: z.iso.datetime().nullable(),
    /** Seconds since the last good backup finished; null before the first. */
    ageSeconds: z.number().nullable(),
    /** The newest runs first, at most 10. */
    runs: z.array(BackupRunSchema),
  })
  .meta({ id: 'BackupStatus' });
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
