import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { partPictureSrcset } from '@apex/contract';

import { type Caller, signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import {
  addPart,
  cameraJpeg,
  jpegStart,
  pngPicture,
  upload,
  uploaded,
  webpPicture,
} from '../../../test/pictures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  testConfig,
  useTestApp,
} from '../../../test/test-app';
import { buildApp } from '../../app';
import { createPartImages } from './part-images';
import { createLocalPictureStore, type PictureStore } from './picture-store';

/** The addresses of an uploaded picture's WebP copies, as the web app's srcset names them. */
const copiesOf = (image: string) =>
  (partPictureSrcset(image) ?? '').split(', ').map((candidate) => candidate.split(' ')[0] ?? '');

/**
 * Now, to the second: S3 keeps an object's time in whole seconds, so a cut-off inside a second
 * would count a file stored just after it as older.
 */
const wholeSecondNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/** What the shop serves at an address, decoded. */
async function served(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata() };
}

describe('pictures on the local disk (the default)', () => {
  const t = useTestApp();

  it('stores a PNG by its content and serves it, with its copies, to be kept for good', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const picture = pngPicture(8);
    const image = await uploaded(t.app, admin.bearer, picture);
    expect(image).toMatch(/^\/uploads\/parts\/[0-9a-f]{64}\.png$/);
    // Named by the bytes uploaded, so the same picture again lands at the same address.
    expect(image).toContain(createHash('sha256').update(picture).digest('hex'));
    expect(await uploaded(t.app, admin.bearer, picture)).toBe(image);

    const { res, meta } = await served(t.app, image);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 8, 8]);
    for (const copy of copiesOf(image)) {
      const variant = await served(t.app, copy);
      expect(variant.res.headers['content-type']).toBe('image/webp');
      expect(variant.res.headers['cache-control']).toContain('immutable');
      // Never made larger than the upload.
      expect([variant.meta.format, variant.meta.width]).toEqual(['webp', 8]);
    }
    expect((await addPart(t.app, admin.bearer, image)).statusCode).toBe(201);
  });

  it('makes WebP copies 320, 640 and 1280 pixels wide of a large photo', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const image = await uploaded(t.app, admin.bearer, await cameraJpeg(2000, 1000));
    expect(image).toMatch(/\.jpg$/);
    const widths = [];
    for (const copy of copiesOf(image)) {
      const { res, meta } = await served(t.app, copy);
      widths.push([meta.width, meta.height]);
      // A phone's copy is a small part of the original.
      if (meta.width === 320) expect(res.rawPayload.length).toBeLessThan(20_000);
    }
    expect(widths).toEqual([
      [320, 160],
      [640, 320],
      [1280, 640],
    ]);
    expect((await served(t.app, image)).meta.width).toBe(2000);
  });

  it('passes on nothing a camera wrote beside the pixels: no GPS position, no camera', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const photo = await cameraJpeg(900, 600);
    // The upload carries them: the maker's name and the GPS IFD pointer (tag 0x8825).
    const exif = (await sharp(photo).metadata()).exif;
    expect(exif?.includes('ApexTestCam')).toBe(true);
    expect(
      exif?.includes(Buffer.from([0x88, 0x25])) || exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    const image = await uploaded(t.app, admin.bearer, photo);
    for (const url of [image, ...copiesOf(image)]) {
      const { res, meta } = await served(t.app, url);
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(res.rawPayload.includes('ApexTestCam'), url).toBe(false);
      expect(res.rawPayload.includes('Pocket 9'), url).toBe(false);
    }
  });

  it('turns a photo upright as the camera held it', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    // Stored 400 wide and 200 high, with a note to turn it a quarter clockwise (EXIF orientation 6).
    const sideways = await sharp({
      create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await uploaded(t.app, admin.bearer, sideways);
    for (const url of [image, copiesOf(image)[0] ?? '']) {
      const { meta } = await served(t.app, url);
      expect(meta.height, url).toBeGreaterThan(meta.width);
      expect(meta.orientation, url).toBeUndefined();
    }
  });

  it('accepts JPEG and WebP whatever type the upload declares, and refuses a broken one', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const jpeg = await upload(
      t.app,
      admin.bearer,
      await cameraJpeg(16, 16),
      'application/octet-stream',
    );
    expect(jpeg.json<{ image: string }>().image).toMatch(/\.jpg$/);
    const webp = await upload(t.app, admin.bearer, await webpPicture(), 'image/png');
    expect(webp.json<{ image: string }>().image).toMatch(/\.webp$/);

    const before = readdirSync(t.app.partImages.dir).length;
    const broken = await upload(t.app, admin.bearer, jpegStart, 'image/jpeg');
    expect(broken.statusCode).toBe(415);
    expect(broken.json<{ message: string }>().message).toBe(
      'The picture could not be read: it must be a whole PNG, JPEG or WebP image',
    );
    expect(readdirSync(t.app.partImages.dir)).toHaveLength(before);
  });

  it('refuses a file that is not a picture, an empty one and one over 2 MB', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const notPicture = await upload(t.app, admin.bearer, Buffer.from('<svg onload=alert(1)>'));
    expect(notPicture.statusCode).toBe(415);
    expect(notPicture.json<{ message: string }>().message).toBe(
      'The picture must be a PNG, JPEG or WebP image',
    );
    expect((await upload(t.app, admin.bearer, Buffer.alloc(0))).statusCode).toBe(400);
    const huge = Buffer.concat([pngPicture(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(t.app, admin.bearer, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toContain('2 MB');
    expect((await upload(t.app, admin.bearer, Buffer.from('{}'), 'text/plain')).statusCode).toBe(
      415,
    );
  });

  it('keeps serving pictures uploaded before copies were made; their copies lead to them', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    // As the shop stored uploads until now: the bytes as sent, and no copies.
    const legacy = pngPicture(6, [1, 2, 3]);
    const name = `${createHash('sha256').update(legacy).digest('hex')}.png`;
    writeFileSync(path.join(t.app.partImages.dir, name), legacy);
    const image = `/uploads/parts/${name}`;
    expect((await addPart(t.app, admin.bearer, image)).statusCode).toBe(201);
    expect((await served(t.app, image)).res.rawPayload.equals(legacy)).toBe(true);
    for (const copy of copiesOf(image)) {
      const res = await t.app.inject({ method: 'GET', url: copy });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(image);
      expect(res.headers['cache-control']).not.toContain('immutable');
    }
  });

  it('answers 404 for a picture never uploaded, and for names the shop never gives', async () => {
    for (const url of [
      `/uploads/parts/${'a'.repeat(64)}.png`,
      `/uploads/parts/${'a'.repeat(64)}-640.webp`,
      `/uploads/parts/${'a'.repeat(64)}-640.png`,
      '/uploads/parts/.hidden.partial',
      '/uploads/parts/../../package.json',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('removes after the grace the pictures no part names, with their copies, and only those', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const onSale = await uploaded(t.app, admin.bearer, pngPicture(4, [10, 10, 10]));
    const archived = await uploaded(t.app, admin.bearer, pngPicture(4, [20, 20, 20]));
    const neverSaved = await uploaded(t.app, admin.bearer, pngPicture(4, [40, 40, 40]));
    expect((await addPart(t.app, admin.bearer, onSale)).statusCode).toBe(201);
    const gone = (await addPart(t.app, admin.bearer, archived)).json<{ insertedId: string }>();
    const archive = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${gone.insertedId}`,
      headers: admin.bearer,
    });
    expect(archive.statusCode).toBe(200);
    await sleep(1_100);
    const cutOff = wholeSecondNow();
    const justUploaded = await uploaded(t.app, admin.bearer, pngPicture(4, [50, 50, 50]));

    // The never saved picture and its three copies, beside older tests' uploads.
    expect(await t.app.partImages.removeUnused(cutOff)).toBeGreaterThanOrEqual(4);
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    for (const image of [onSale, archived, justUploaded]) {
      expect(await status(image)).toBe(200);
      expect(await status(copiesOf(image)[1] ?? '')).toBe(200);
    }
    expect(await status(neverSaved)).toBe(404);
    for (const copy of copiesOf(neverSaved)) expect(await status(copy)).toBe(404);
  });

  it('sweeps once an hour across all instances: the hour goes to the first that claims it', async () => {
    const [first, second] = await Promise.all([
      t.app.partImages.sweepIfDue(),
      t.app.partImages.sweepIfDue(),
    ]);
    expect([first, second].filter((removed) => removed === null)).toHaveLength(1);
    expect(await t.app.partImages.sweepIfDue()).toBeNull();
    // The next hour is another sweep.
    expect(await t.app.partImages.sweepIfDue(new Date(Date.now() + 3_600_000))).toBe(0);
  });
});

// Two processes on one database need a database server: PGlite serves one process.
describe.runIf(process.env.TEST_DB === 'postgres')('two instances on one PostgreSQL', () => {
  it('sweep the same hour at once, and only one of them does it', async () => {
    const database = await createTestDatabase();
    const config = testConfig(database.config);
    const instances = await Promise.all([buildApp(config), buildApp(config)]);
    try {
      const admin = await signUpAdmin(instances[0]);
      const unused = await uploaded(instances[0], admin.bearer, pngPicture(4, [1, 1, 1]));
      const later = new Date(Date.now() + 2 * 24 * 3_600_000);
      const results = await Promise.all(instances.map((app) => app.partImages.sweepIfDue(later)));
      // One swept the picture and its three copies; the other found the hour taken.
      expect(results.sort()).toEqual([4, null]);
      expect((await instances[1].inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    } finally {
      await Promise.all(instances.map((app) => app.close()));
      await database.drop();
    }
  });
});

describe('an upload the store fails half-way through', () => {
  it('answers 503 and leaves no file of it behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apex-failing-store-'));
    const disk = createLocalPictureStore(dir);
    let puts = 0;
    // The store takes two files, then is gone.
    const failing: PictureStore = {
      ...disk,
      put: async (...args) => {
        if (++puts > 2) throw new Error('connect ECONNREFUSED');
        return disk.put(...args);
      },
    };
    const images = createPartImages(failing, {
      dir,
      shop: new URL('http://localhost:3000'),
      fetchPicture: () => Promise.reject(new Error('no picture is fetched here')),
      imagesInUse: async () => new Set(),
      claimSweep: async () => true,
    });
    await expect(images.store(await cameraJpeg(700, 400))).rejects.toMatchObject({
      statusCode: 503,
      message: 'Pictures cannot be stored right now: please try again in a few minutes',
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('pictures in an S3-compatible store', () => {
  let s3: TestS3Server;
  let one: TestApp;
  let other: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    s3 = await startS3Server();
    // Two instances of the shop on one bucket.
    one = await createTestApp({ s3: s3.config });
    other = await createTestApp({ s3: s3.config });
    admin = await signUpAdmin(one.app, { email: 'boss@example.com' });
  });
  afterAll(async () => {
    await one.close();
    await other.close();
    await s3.close();
  });

  it('keeps an upload through one instance in the bucket, and every instance serves it', async () => {
    const photo = await cameraJpeg(1500, 1000);
    const image = await uploaded(one.app, admin.bearer, photo);
    const hash = createHash('sha256').update(photo).digest('hex');
    expect(await s3.keys()).toEqual(
      [`${hash}-1280.webp`, `${hash}-320.webp`, `${hash}-640.webp`, `${hash}.jpg`].map(
        (name) => `parts/${name}`,
      ),
    );
    // Nothing on the instances' own disks.
    expect(readdirSync(one.app.partImages.dir)).toEqual([]);

    const { res, meta } = await served(other.app, image);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([meta.width, meta.exif]).toEqual([1500, undefined]);
    expect(res.rawPayload.includes('ApexTestCam')).toBe(false);
    const copy = await served(other.app, copiesOf(image)[1] ?? '');
    expect([copy.meta.format, copy.meta.width]).toEqual(['webp', 640]);
    expect(copy.res.headers['cache-control']).toContain('immutable');
    expect(
      (await other.app.inject({ method: 'GET', url: `/uploads/parts/${'b'.repeat(64)}.png` }))
        .statusCode,
    ).toBe(404);
    // A part saved on the other instance may name it: the bucket is the truth.
    const otherAdmin = await signUpAdmin(other.app, {
      name: 'Other Admin',
      email: 'boss2@example.com',
    });
    expect((await addPart(other.app, otherAdmin.bearer, image)).statusCode).toBe(201);
  });

  it('sweeps from the bucket the old pictures no part names, with their copies', async () => {
    const used = await uploaded(one.app, admin.bearer, pngPicture(5, [70, 0, 0]));
    const unused = await uploaded(one.app, admin.bearer, pngPicture(5, [80, 0, 0]));
    expect((await addPart(one.app, admin.bearer, used)).statusCode).toBe(201);
    await sleep(1_100);
    const cutOff = wholeSecondNow();
    const fresh = await uploaded(one.app, admin.bearer, pngPicture(5, [90, 0, 0]));

    await one.app.partImages.removeUnused(cutOff);
    const keys = await s3.keys();
    const stored = (image: string) =>
      keys.filter((key) => key.includes(path.basename(image).slice(0, 64))).length;
    expect([stored(used), stored(unused), stored(fresh)]).toEqual([4, 0, 4]);
  });

  it('answers an upload with 503 while the store is unreachable; the shop reads on', async () => {
    // An instance whose bucket cannot be reached (nothing listens on its port).
    const unreachable = await startS3Server();
    await unreachable.close();
    const cut = await createTestApp({ s3: unreachable.config });
    try {
      const boss = await signUpAdmin(cut.app);
      await makePart(cut.app.database.db, { name: 'Strut Brace' });
      const res = await upload(cut.app, boss.bearer, pngPicture(4));
      expect(res.statusCode).toBe(503);
      expect(res.json<{ message: string }>().message).toBe(
        'Pictures cannot be stored right now: please try again in a few minutes',
      );
      const parts = await cut.app.inject({ method: 'GET', url: '/api/parts' });
      expect(parts.statusCode).toBe(200);
      expect(parts.json<{ name: string }[]>().map((part) => part.name)).toEqual(['Strut Brace']);
      const picture = await cut.app.inject({
        method: 'GET',
        url: copiesOf(`/uploads/parts/${'c'.repeat(64)}.png`)[0] ?? '',
      });
      expect(picture.statusCode).toBe(503);
    } finally {
      await cut.close();
    }
  });
});
