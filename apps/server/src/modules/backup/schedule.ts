import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import { and, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { BackupStatus } from '@apex/contract';

import type { DatabaseConfig } from '../../config';
import type { Database } from '../../db/client';
import { backupRuns } from '../../db/schema';
import type { DatabaseDump } from '../../db/snapshot';
import type { BackupPictures } from './archive';

/** A claimed backup that never finished (its instance died) may be taken again after this. */
const CLAIM_LEASE_MS = 30 * 60_000;
/** How often each instance looks whether the current interval has its backup yet. */
const CHECK_EVERY_MS = 60_000;

const RECENT_RUNS = 10;

/**
 * Taking a backup needs the archive code (tar, zod's manifest); loaded when a backup is due, so a
 * shop's start, and its cold-start budget, do not pay for it.
 */
const loadBackups = () => import('./service');

/** What Dashboard shows of backups: the schedule, the last good one and the recent runs. */
export async function backupStatus(db: Database, intervalMs: number | null): Promise<BackupStatus> {
  const [lastGood, runs] = await Promise.all([
    lastGoodBackup(db),
    db.select().from(backupRuns).orderBy(desc(backupRuns.slotStart)).limit(RECENT_RUNS),
  ]);
  return {
    intervalSeconds: intervalMs === null ? null : intervalMs / 1000,
    lastGoodAt: lastGood?.toISOString() ?? null,
    ageSeconds: lastGood ? Math.max(0, (Date.now() - lastGood.getTime()) / 1000) : null,
    runs: runs.map((run) => ({
      slotStart: run.slotStart.toISOString(),
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      file: run.file === null ? null : path.basename(run.file),
      error: run.error,
    })),
  };
}

/** The time of the last good backup, whichever instance took it; null before any. */
export async function lastGoodBackup(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: backupRuns.finishedAt })
    .from(backupRuns)
    .where(and(isNotNull(backupRuns.finishedAt), isNull(backupRuns.error)))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Backups every `intervalMs` into `dir`, keeping the newest `keep`. Every instance runs this; the
 * interval's row in `backup_runs` goes to the first that claims it, so exactly one takes each
 * backup. A failed backup (or one whose instance died, after its lease) is claimed again at a
 * later check.
 */
export function createBackupSchedule({
  db,
  dump,
  database,
  uploadsDir,
  pictures,
  dir,
  intervalMs,
  keep,
  log,
  now = () => new Date(),
}: {
  db: Database;
  dump: () => Promise<DatabaseDump>;
  database: DatabaseConfig['kind'];
  uploadsDir: string;
  /** The picture store when it is not `uploadsDir` (an S3-compatible bucket). */
  pictures?: BackupPictures | undefined;
  dir: string;
  intervalMs: number;
  keep: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  /** Claims the current interval's backup for this instance; false when it is taken already. */
  async function claim(slotStart: Date): Promise<boolean> {
    const claimed = await db
      .insert(backupRuns)
      .values({ slotStart, startedAt: now() })
      .onConflictDoUpdate({
        target: backupRuns.slotStart,
        set: { startedAt: now(), error: null },
        setWhere: or(
          isNotNull(backupRuns.error),
          and(
            isNull(backupRuns.finishedAt),
            lt(backupRuns.startedAt, new Date(now().getTime() - CLAIM_LEASE_MS)),
          ),
        ),
      })
      .returning({ slotStart: backupRuns.slotStart });
    return claimed.length > 0;
  }

  /** Deletes all but the newest `keep` backups in `dir`, and what a stopped backup left half-written. */
  async function prune(): Promise<void> {
    const { isBackupFileName } = await loadBackups();
    const names = (await readdir(dir)).filter(isBackupFileName).sort();
    for (const name of names.slice(0, Math.max(0, names.length - keep))) {
      await rm(path.join(dir, name), { force: true });
    }
    for (const name of (await readdir(dir)).filter((n) => n.endsWith('.partial'))) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now().getTime() - info.mtimeMs > intervalMs) await rm(file, { force: true });
    }
  }

  /** Takes the current interval's backup if no instance has; says whether this one did. */
  async function runDue(): Promise<boolean> {
    const slotStart = new Date(Math.floor(now().getTime() / intervalMs) * intervalMs);
    if (!(await claim(slotStart))) return false;
    const { backupFileName, takeBackup } = await loadBackups();
    const file = path.join(dir, backupFileName(now()));
    try {
      const manifest = await takeBackup({ dump, database, uploadsDir, pictures, file });
      await db
        .update(backupRuns)
        .set({ finishedAt: now(), file })
        .where(eq(backupRuns.slotStart, slotStart));
      log.info({ file, counts: manifest.counts }, 'Backup taken');
      await prune();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.update(backupRuns).set({ error: reason }).where(eq(backupRuns.slotStart, slotStart));
      log.error({ err: error, file }, 'The scheduled backup failed; it is tried again shortly');
    }
    return true;
  }

  return {
    runDue,
    /** Checks now and every minute from now on; answers how to stop. */
    start(): () => Promise<void> {
      let running: Promise<unknown> | null = null;
      const check = () => {
        // A backup longer than the check's period is still under way: nothing to look at.
        running ??= runDue()
          .catch((error: unknown) => log.error({ err: error }, 'Could not check for a backup due'))
          .finally(() => {
            running = null;
          });
      };
      check();
      const timer = setInterval(check, Math.min(CHECK_EVERY_MS, intervalMs));
      // The schedule never keeps the process alive on its own.
      timer.unref();
      return async () => {
        clearInterval(timer);
        // A backup under way finishes (or fails) before the database closes.
        await running;
      };
    },
  };
}
