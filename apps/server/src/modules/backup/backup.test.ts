import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq, sum } from 'drizzle-orm';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { pngPicture } from '../../../test/pictures';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  testConfig,
} from '../../../test/test-app';
import { buildApp } from '../../app';
import type { DatabaseConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { orderLines, orders, parts } from '../../db/schema';
import { DamagedBackupError } from './archive';
import { restoreBackup, RestoreRefusedError, takeBackup } from './service';

const STARTING_STOCK = 400;
const onPostgres = process.env.TEST_DB === 'postgres';

/** An empty database to restore into, of the kind the tests run on, and how to drop it. */
async function emptyTarget(): Promise<{
  database: DatabaseConfig;
  uploadsDir: string;
  drop(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apex-restored-'));
  if (!onPostgres) {
    return {
      database: { kind: 'pglite', dataDir: dir },
      uploadsDir: path.join(dir, 'uploads'),
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const created = await createTestDatabase({ empty: true });
  return {
    database: created.config,
    uploadsDir: path.join(dir, 'uploads'),
    drop: async () => {
      await created.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('backup and restore', () => {
  let t: TestApp;
  let work: string;
  let admin: Caller;
  let customer: Caller;
  let part: { id: string };
  let picture: string;
  let backupFile: string;
  /** Orders the shop acknowledged (201) before the backup began. */
  const acknowledgedBefore: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    work = await mkdtemp(path.join(tmpdir(), 'apex-backups-'));
    admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    customer = await signUp(t.app, { email: 'ada@example.com' });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/part-images',
      headers: { ...admin.bearer, 'content-type': 'image/png' },
      payload: pngPicture(6, [10, 120, 200]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    picture = upload.json<{ image: string }>().image;
    part = await makePart(t.app.database.db, {
      stock: STARTING_STOCK,
      minOrder: 1,
      image: picture,
    });

    // A burst of orders from several customers at once, the backup taken in its middle.
    let burstOver = false;
    let backupStarted = false;
    const placeOrders = async () => {
      while (!burstOver) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: customer.bearer,
          payload: { orderId: part.id, orderQuantity: 1 + (acknowledgedBefore.length % 3) },
        });
        if (res.statusCode === 201 && !backupStarted) {
          acknowledgedBefore.push(res.json<{ insertedId: string }>().insertedId);
        }
      }
    };
    const burst = Array.from({ length: 4 }, placeOrders);
    while (acknowledgedBefore.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    backupFile = path.join(work, 'shop.tar.gz');
    backupStarted = true;
    const taken = takeBackup({
      dump: () => t.app.database.dump(),
      database: t.app.database.kind,
      uploadsDir: t.app.partImages.dir,
      file: backupFile,
    });
    await taken;
    burstOver = true;
    await Promise.all(burst);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('restores every order acknowledged before it began, with stock consistent, and the pictures', async () => {
    const target = await emptyTarget();
    try {
      const { manifest, restored } = await restoreBackup({
        file: backupFile,
        database: target.database,
        uploadsDir: target.uploadsDir,
      });
      expect(restored).toEqual(manifest.counts);
      expect(manifest.counts).toMatchObject({ parts: 1, users: 2, pictures: 1 });
      expect(manifest.counts.orders).toBeGreaterThanOrEqual(acknowledgedBefore.length);

      const opened = await openDatabase(target.database);
      try {
        const db = opened.db;
        const ids = new Set((await db.select({ id: orders.id }).from(orders)).map((row) => row.id));
        expect(acknowledgedBefore.filter((id) => !ids.has(id))).toEqual([]);
        // What the snapshot holds adds up: stock left plus stock ordered is the starting stock.
        const [{ stock } = { stock: -1 }] = await db
          .select({ stock: parts.stock })
          .from(parts)
          .where(eq(parts.id, part.id));
        const [{ ordered } = { ordered: null }] = await db
          .select({ ordered: sum(orderLines.quantity).mapWith(Number) })
          .from(orderLines)
          .where(eq(orderLines.partId, part.id));
        expect(stock + (ordered ?? 0)).toBe(STARTING_STOCK);
      } finally {
        await opened.close();
      }

      // A shop started on what was restored serves the part's picture, byte for byte.
      const restoredShop = await buildApp(
        testConfig(target.database, { uploadsDir: target.uploadsDir }),
      );
      try {
        const served = await restoredShop.inject({ method: 'GET', url: picture });
        expect(served.statusCode).toBe(200);
        const original = await t.app.inject({ method: 'GET', url: picture });
        expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
      } finally {
        await restoredShop.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('refuses to restore into a database that already holds a shop', async () => {
    const target = await emptyTarget();
    try {
      await restoreBackup({ file: backupFile, ...target });
      await expect(restoreBackup({ file: backupFile, ...target })).rejects.toThrow(
        RestoreRefusedError,
      );
    } finally {
      await target.drop();
    }
  }, 60_000);

  /** Unpacks the backup, lets `edit` change it, and packs it again as `name`. */
  async function edited(name: string, edit: (dir: string) => Promise<void>): Promise<string> {
    const dir = await mkdtemp(path.join(work, 'edit-'));
    await extractTar({ file: backupFile, cwd: dir });
    await edit(dir);
    const file = path.join(work, name);
    await createTar({ file, cwd: dir, gzip: true }, ['manifest.json', 'database.sql', 'pictures']);
    return file;
  }

  it('refuses a truncated or edited archive, naming the damaged part, and restores nothing', async () => {
    const bytes = await readFile(backupFile);
    const truncated = path.join(work, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const dump = await edited('dump-edited.tar.gz', async (dir) => {
      const file = path.join(dir, 'database.sql');
      await writeFile(file, (await readFile(file, 'utf8')).replace('Test part', 'Tost part'));
    });
    const pictureName = path.basename(picture);
    const pictureEdited = await edited('picture-edited.tar.gz', async (dir) => {
      await writeFile(path.join(dir, 'pictures', pictureName), pngPicture(6, [0, 0, 0]));
    });
    const newer = await edited('newer.tar.gz', async (dir) => {
      const file = path.join(dir, 'manifest.json');
      const manifest = JSON.parse(await readFile(file, 'utf8')) as {
        schema: { migration: string; appliedAt: number };
      };
      manifest.schema = { migration: '9999_from_the_future', appliedAt: Date.now() * 2 };
      await writeFile(file, JSON.stringify(manifest));
    });

    const target = await emptyTarget();
    try {
      const attempt = (file: string) => restoreBackup({ file, ...target });
      await expect(attempt(truncated)).rejects.toThrow(DamagedBackupError);
      await expect(attempt(truncated)).rejects.toThrow(/not a whole archive/);
      await expect(attempt(dump)).rejects.toThrow(/database\.sql does not match its checksum/);
      await expect(attempt(pictureEdited)).rejects.toThrow(
        `pictures/${pictureName} does not match its checksum`,
      );
      await expect(attempt(newer)).rejects.toThrow(
        /taken by a newer version of the shop \(schema 9999_from_the_future/,
      );
      // Nothing was written: the target still takes the whole backup.
      const { restored, manifest } = await attempt(backupFile);
      expect(restored).toEqual(manifest.counts);
    } finally {
      await target.drop();
    }
  }, 60_000);
});
