import type { FastifyInstance } from 'fastify';

import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createBackupSchedule } from './modules/backup/schedule';
import type { Services } from './services';

/**
 * What every instance does on its own, besides answering requests: deliver mail, send the digest
 * of contact questions, expire unpaid orders, sweep unused pictures, take the scheduled backups. All instances run them at once;
 * each job claims its work in the database, so nothing is done twice. Each stops when the app
 * closes, and none keeps the process alive on its own.
 */
export function startBackgroundJobs(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  { partImages, pictureFiles, mailSender, closeTransport, orders, contact }: Services,
): void {
  // Tests send the digest by hand, as they deliver mail.
  if (config.mail.deliverEveryMs !== null) {
    const stopDigests = contact.digestRegularly(app.log);
    app.addHook('onClose', async () => stopDigests());
  }

  const stopSweeping = partImages.sweepRegularly(app.log);
  app.addHook('onClose', async () => stopSweeping());

  const stopMailing =
    config.mail.deliverEveryMs === null
      ? null
      : mailSender.runRegularly(config.mail.deliverEveryMs);
  app.addHook('onClose', async () => {
    await stopMailing?.();
    closeTransport();
  });

  if (config.orders.expirySweepMs !== null) {
    const stopExpiring = orders.expireRegularly(app.log, config.orders.expirySweepMs);
    app.addHook('onClose', async () => stopExpiring());
  }

  if (config.backups) {
    const schedule = createBackupSchedule({
      db: database.db,
      dump: () => database.dump(),
      database: database.kind,
      uploadsDir: config.uploadsDir,
      pictures: config.s3 ? pictureFiles : undefined,
      ...config.backups,
      log: app.log,
    });
    let stopSchedule: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stopSchedule = schedule.start();
    });
    app.addHook('onClose', async () => stopSchedule?.());
  }
}
