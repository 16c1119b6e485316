import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { restoreBackup, takeBackup } from '../src/modules/backup/service';
import { createS3PictureStore } from '../src/modules/catalog/s3-picture-store';
import { type Caller, signUpAdmin } from './accounts-helpers';
import { addPart, pngPicture, uploaded } from './pictures';
import { startS3Server, type TestS3Server } from './s3-server';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from './test-app';

// Backups and the picture store are two modules: the shop's wiring (services.ts, backup-cli.ts)
// hands one to the other, and this test does the same.

let s3: TestS3Server;
let one: TestApp;
let admin: Caller;

beforeAll(async () => {
  s3 = await startS3Server();
  one = await createTestApp({ s3: s3.config });
  admin = await signUpAdmin(one.app, { email: 'boss@example.com' });
});
afterAll(async () => {
  await one.close();
  await s3.close();
});

it('backs up the pictures from the bucket and restores them into one', async () => {
  const image = await uploaded(one.app, admin.bearer, pngPicture(6, [5, 6, 7]));
  expect((await addPart(one.app, admin.bearer, image)).statusCode).toBe(201);
  const work = mkdtempSync(path.join(tmpdir(), 'apex-s3-backup-'));
  const file = path.join(work, 'shop.tar.gz');
  const source = createS3PictureStore(s3.config);
  const manifest = await takeBackup({
    dump: () => one.app.database.dump(),
    database: one.app.database.kind,
    // Empty: the pictures are in the bucket.
    uploadsDir: one.app.partImages.dir,
    pictures: source,
    file,
  });
  source.close();
  expect(manifest.files[`pictures/${path.basename(image)}`]).toBeDefined();

  const emptyBucket = await startS3Server();
  const target =
    process.env.TEST_DB === 'postgres'
      ? await createTestDatabase({ empty: true })
      : {
          config: { kind: 'pglite' as const, dataDir: path.join(work, 'data') },
          drop: () => Promise.resolve(),
        };
  const into = createS3PictureStore(emptyBucket.config);
  try {
    const { restored } = await restoreBackup({
      file,
      database: target.config,
      uploadsDir: path.join(work, 'uploads'),
      pictures: into,
    });
    expect(restored).toEqual(manifest.counts);
    expect(await emptyBucket.keys()).toContain(`parts/${path.basename(image)}`);
    const restoredShop = await buildApp(testConfig(target.config, { s3: emptyBucket.config }));
    try {
      const res = await restoredShop.inject({ method: 'GET', url: image });
      const original = await one.app.inject({ method: 'GET', url: image });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original.rawPayload)).toBe(true);
    } finally {
      await restoredShop.close();
    }
  } finally {
    into.close();
    await emptyBucket.close();
    await target.drop();
  }
});
