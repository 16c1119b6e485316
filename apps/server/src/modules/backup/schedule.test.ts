import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { BackupStatus } from '@apex/contract';

import { signUpAdmin } from '../../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { backupRuns } from '../../db/schema';
import { createBackupSchedule } from './schedule';

const HOUR = 3_600_000;
const METRICS_TOKEN = 'metrics-token-for-the-tests';

describe('scheduled backups', () => {
  let t: TestApp;
  let dir: string;
  let clock: number;

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: METRICS_TOKEN });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    dir = await mkdtemp(path.join(tmpdir(), 'apex-scheduled-'));
    clock = Date.UTC(2026, 10, 24, 9, 15);
    return () => rm(dir, { recursive: true, force: true });
  });

  /** One server instance's schedule, on the shared database, at the test's clock. */
  const instance = (dump = () => t.app.database.dump()) =>
    createBackupSchedule({
      db: t.app.database.db,
      dump,
      database: t.app.database.kind,
      uploadsDir: t.app.partImages.dir,
      dir,
      intervalMs: HOUR,
      keep: 2,
      log: t.app.log,
      now: () => new Date(clock),
    });

  const backups = async () => (await readdir(dir)).filter((name) => name.endsWith('.tar.gz'));

  it('takes one backup per interval however many instances run it, and keeps the newest', async () => {
    const [first, second] = [instance(), instance()];
    const taken: string[][] = [];
    for (let hour = 0; hour < 3; hour++) {
      // Both look at once, twice within the interval: one backup between them.
      const tookIt = await Promise.all([first.runDue(), second.runDue()]);
      expect(tookIt.filter(Boolean)).toHaveLength(1);
      expect(await Promise.all([first.runDue(), second.runDue()])).toEqual([false, false]);
      taken.push(await backups());
      clock += HOUR;
    }
    expect(taken.map((files) => files.length)).toEqual([1, 2, 2]);
    // The oldest went; the two newest stayed.
    expect(taken[2]).not.toContain(taken[0]?.[0]);
    expect(taken[2]).toContain(taken[1]?.find((name) => name !== taken[0]?.[0]));
    expect(await t.app.database.db.select().from(backupRuns)).toHaveLength(3);
  });

  it('tries a failed backup again at the next check, not an interval later', async () => {
    let failures = 1;
    const flaky = instance(async () => {
      if (failures-- > 0) throw new Error('the disk is full');
      return t.app.database.dump();
    });
    expect(await flaky.runDue()).toBe(true);
    expect(await backups()).toEqual([]);
    const [run] = await t.app.database.db.select().from(backupRuns);
    expect(run?.error).toBe('the disk is full');

    clock += 60_000;
    expect(await flaky.runDue()).toBe(true);
    expect(await backups()).toHaveLength(1);
  });

  it('tells admins on GET /api/backups how long ago the last good backup was, and the runs', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const status = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/backups', headers: admin.bearer })
      ).json<BackupStatus>();
    expect(await status()).toEqual({
      intervalSeconds: null,
      lastGoodAt: null,
      ageSeconds: null,
      runs: [],
    });

    clock = Date.now();
    await instance().runDue();
    const after = await status();
    expect(after.ageSeconds).toBeLessThan(60);
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]?.error).toBeNull();
    expect(after.runs[0]?.file).toMatch(/^apex-parts-.*\.tar\.gz$/);
  });

  it('reports the age of the last good backup on /api/metrics, infinite before the first', async () => {
    const metrics = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
    expect(await metrics()).toMatch(/^apex_backup_last_success_age_seconds \+Inf$/m);

    clock = Date.now() - 90_000;
    await instance().runDue();
    const age = Number(/^apex_backup_last_success_age_seconds (\S+)$/m.exec(await metrics())?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(200);
  });
});

describe('a shop with BACKUP_DIR', () => {
  it('takes its first backup as it starts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apex-scheduled-'));
    const t = await createTestApp({ backups: { dir, intervalMs: HOUR, keep: 7 } });
    try {
      await expect
        .poll(async () => (await readdir(dir)).filter((name) => name.endsWith('.tar.gz')), {
          timeout: 20_000,
        })
        .toHaveLength(1);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
