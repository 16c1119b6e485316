import { createHash } from 'node:crypto';

import { httpErrors } from '@fastify/sensible';
import type { FastifyBaseLogger } from 'fastify';

import { isPartImage, PART_IMAGE_MAX_BYTES, type PartImageType } from '@apex/contract';

// Pictures are served under PART_IMAGE_PREFIX; their names are the SHA-256 of their bytes.
import { PART_IMAGE_PREFIX } from '../../paths';
import type { PictureStore } from './picture-store';
import { PICTURE_EXTENSIONS, webReadyFiles } from './web-ready-pictures';

const formats: { type: PartImageType; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    type: 'image/jpeg',
    matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  {
    type: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The picture format of some bytes, read from their content: a file's name or declared type says
 * nothing about what it holds.
 */
export function sniffPartImage(bytes: Buffer): PartImageType | null {
  return formats.find((format) => format.matches(bytes))?.type ?? null;
}

/** The upload a stored file belongs to (its copies share the upload's hash), or null. */
const uploadOf = (name: string) => /^[0-9a-f]{64}/.exec(name)?.[0] ?? null;

/** How long an uploaded picture no part names is kept: the Add/Update form it came from may
 * still be open. */
const UNUSED_PICTURE_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const storeUnavailable = (error: unknown, doing = 'stored') =>
  Object.assign(
    httpErrors.createError(
      503,
      `Pictures cannot be ${doing} right now: please try again in a few minutes`,
      { expose: true },
    ),
    { cause: error },
  );

/**
 * Uploaded part pictures, in a picture store (a directory under DATA_DIR, or an S3-compatible
 * bucket). A picture is named by the SHA-256 of the uploaded bytes, so uploading the same file
 * twice stores it once and its address never goes stale. `imagesInUse` answers every picture
 * address a part names; `claimSweep` answers whether this instance takes the clean-up of an hour.
 */
export function createPartImages(
  files: PictureStore,
  {
    dir,
    shop,
    fetchPicture,
    imagesInUse,
    claimSweep,
  }: {
    /** DATA_DIR/uploads, which backups copy the pictures from. */
    dir: string;
    /** The shop's public address: a picture there is the shop's own, not fetched. */
    shop: URL;
    /** The bytes at a picture's web address (remote-pictures.ts). */
    fetchPicture: (address: string) => Promise<Buffer>;
    imagesInUse: () => Promise<ReadonlySet<string>>;
    claimSweep: (hourStart: Date) => Promise<boolean>;
  },
) {
  /**
   * Deletes the files of pictures no part names that were last uploaded before `before` (a
   * picture uploaded for a part never saved, or replaced since), and files a crash left
   * half-written. Answers how many files went.
   */
  async function removeUnused(before = new Date(Date.now() - UNUSED_PICTURE_GRACE_MS)) {
    const inUse = new Set<string>();
    for (const image of await imagesInUse()) {
      const upload = image.startsWith(PART_IMAGE_PREFIX)
        ? uploadOf(image.slice(PART_IMAGE_PREFIX.length))
        : null;
      if (upload) inUse.add(upload);
    }
    const unused: string[] = [];
    for await (const { name, storedAt } of files.list()) {
      const upload = uploadOf(name);
      // Uploaded again meanwhile, or still within the grace: left alone.
      if ((upload && inUse.has(upload)) || storedAt >= before) continue;
      unused.push(name);
    }
    for (const name of unused) await files.remove(name);
    return unused.length;
  }

  /** Sweeps unless another instance took this hour's sweep; null when it did. */
  async function sweepIfDue(now = new Date()): Promise<number | null> {
    const hourStart = new Date(Math.floor(now.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
    if (!(await claimSweep(hourStart))) return null;
    return removeUnused(new Date(now.getTime() - UNUSED_PICTURE_GRACE_MS));
  }

  return {
    dir,
    removeUnused,
    sweepIfDue,

    /** Removes unused pictures every hour from now on, once across all instances; answers how
     * to stop. */
    sweepRegularly(log: FastifyBaseLogger): () => void {
      const timer = setInterval(() => {
        sweepIfDue().then(
          (removed) => {
            if (removed) log.info({ removed }, 'Unused part pictures removed');
          },
          (error: unknown) => log.warn({ err: error }, 'Could not remove unused part pictures'),
        );
      }, SWEEP_EVERY_MS);
      // The sweep never keeps the process alive on its own.
      timer.unref();
      return () => clearInterval(timer);
    },

    store,

    /** A stored file by its name, or null; 503 when the store cannot be reached. */
    read(name: string) {
      return files.get(name).catch((error: unknown) => {
        throw storeUnavailable(error, 'shown');
      });
    },

    /** The name an upload's own picture is stored under (`<hash>.<ext>`), or null. */
    async uploadedAs(upload: string): Promise<string | null> {
      for (const extension of Object.values(PICTURE_EXTENSIONS)) {
        const name = `${upload}.${extension}`;
        const found = await files.exists(name).catch((error: unknown) => {
          throw storeUnavailable(error, 'shown');
        });
        if (found) return name;
      }
      return null;
    },

    /**
     * The picture a part's form names, as the part will keep it: the shop's own pictures as they
     * are (an upload only if it was uploaded here); any other web address fetched once and
     * stored like an upload, so no visitor's browser asks a third party for it (decision 011).
     */
    async resolveImage(image: string): Promise<string> {
      if (image.startsWith('/')) {
        await checkImage(image);
        return image;
      }
      const address = new URL(image);
      if (address.origin === shop.origin && isPartImage(address.pathname)) {
        await checkImage(address.pathname);
        return address.pathname;
      }
      return store(await fetchPicture(image));
    },
  };

  /**
   * Stores a PNG, JPEG or WebP picture, made web-ready, and answers the address to use as a
   * part's image. Its WebP copies sit beside it (packages/contract: partPictureSrcset).
   */
  async function store(bytes: Buffer): Promise<string> {
    if (bytes.length === 0) throw httpErrors.badRequest('The picture is empty');
    if (bytes.length > PART_IMAGE_MAX_BYTES) {
      throw httpErrors.payloadTooLarge('The picture must be 2 MB or smaller');
    }
    const type = sniffPartImage(bytes);
    if (!type) {
      throw httpErrors.unsupportedMediaType('The picture must be a PNG, JPEG or WebP image');
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    // Stored again even when already there: that renews its age, so the sweep keeps it for
    // the form it was uploaded again for.
    const web = await webReadyFiles(bytes, type, hash);
    const stored: string[] = [];
    try {
      for (const file of web) {
        await files.put(file.name, file.bytes, file.contentType);
        stored.push(file.name);
      }
    } catch (error) {
      // Nothing half-stored: the picture itself is written last, so it was not; its copies
      // go now, or with the next sweep when the store cannot be reached.
      await Promise.allSettled(stored.map((name) => files.remove(name)));
      throw storeUnavailable(error);
    }
    return `${PART_IMAGE_PREFIX}${hash}.${PICTURE_EXTENSIONS[type]}`;
  }

  /** A part may name an uploaded picture only if it was uploaded here. */
  async function checkImage(image: string): Promise<void> {
    if (!image.startsWith(PART_IMAGE_PREFIX)) return;
    const exists = await files
      .exists(image.slice(PART_IMAGE_PREFIX.length))
      .catch((error: unknown) => {
        throw storeUnavailable(error);
      });
    if (!exists) {
      throw httpErrors.badRequest(
        'Invalid request: body.image: no picture was uploaded at this address; upload it again',
      );
    }
  }
}

export type PartImages = ReturnType<typeof createPartImages>;
