import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { httpErrors } from '@fastify/sensible';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { PART_IMAGE_MAX_BYTES, type PartImageType } from '@apex/contract';

// Pictures are served under PART_IMAGE_PREFIX; their names are the SHA-256 of their bytes.
import { PART_IMAGE_PREFIX } from '../../paths';

const formats: { type: PartImageType; extension: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    extension: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    type: 'image/jpeg',
    extension: 'jpg',
    matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  {
    type: 'image/webp',
    extension: 'webp',
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

/** How long an uploaded picture no part names is kept: the Add/Update form it came from may
 * still be open. */
const UNUSED_PICTURE_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Uploaded part pictures, kept as files in `dir` (under DATA_DIR). A picture is named by its
 * content, so uploading the same file twice stores it once and its address never goes stale.
 * `imagesInUse` answers every picture address a part names.
 */
export function createPartImages(
  dir: string,
  { imagesInUse }: { imagesInUse: () => Promise<ReadonlySet<string>> },
) {
  mkdirSync(dir, { recursive: true });

  /**
   * Deletes the pictures no part names that were last uploaded before `before` (a picture
   * uploaded for a part never saved, or replaced since), and files a crash left half-written.
   * Answers how many files went.
   */
  async function removeUnused(before = new Date(Date.now() - UNUSED_PICTURE_GRACE_MS)) {
    const inUse = await imagesInUse();
    let removed = 0;
    for (const name of await readdir(dir)) {
      if (inUse.has(`${PART_IMAGE_PREFIX}${name}`)) continue;
      const file = path.join(dir, name);
      // Gone already (another instance swept it), or uploaded again meanwhile: left alone.
      const uploaded = await stat(file).then(
        (info) => info.mtime,
        () => null,
      );
      if (!uploaded || uploaded >= before) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  return {
    dir,
    removeUnused,

    /** Removes unused pictures every hour from now on; answers how to stop. */
    sweepRegularly(log: FastifyBaseLogger): () => void {
      const timer = setInterval(() => {
        removeUnused().then(
          (removed) => {
            if (removed > 0) log.info({ removed }, 'Unused part pictures removed');
          },
          (error: unknown) => log.warn({ err: error }, 'Could not remove unused part pictures'),
        );
      }, SWEEP_EVERY_MS);
      // The sweep never keeps the process alive on its own.
      timer.unref();
      return () => clearInterval(timer);
    },

    /** Stores a PNG, JPEG or WebP picture and answers the address to use as a part's image. */
    async store(bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw httpErrors.badRequest('The picture is empty');
      if (bytes.length > PART_IMAGE_MAX_BYTES) {
        throw httpErrors.payloadTooLarge('The picture must be 2 MB or smaller');
      }
      const format = formats.find((candidate) => candidate.matches(bytes));
      if (!format) {
        throw httpErrors.unsupportedMediaType('The picture must be a PNG, JPEG or WebP image');
      }
      const name = `${createHash('sha256').update(bytes).digest('hex')}.${format.extension}`;
      // Written aside, then renamed: a reader never sees half a picture.
      const partial = path.join(dir, `.${randomUUID()}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, path.join(dir, name));
      return `${PART_IMAGE_PREFIX}${name}`;
    },

    /** A part may name an uploaded picture only if it was uploaded here. */
    async checkImage(image: string): Promise<void> {
      if (!image.startsWith(PART_IMAGE_PREFIX)) return;
      const file = path.join(dir, image.slice(PART_IMAGE_PREFIX.length));
      try {
        await access(file);
      } catch {
        throw httpErrors.badRequest(
          'Invalid request: body.image: no picture was uploaded at this address; upload it again',
        );
      }
    },
  };
}

export type PartImages = ReturnType<typeof createPartImages>;

/** Serves uploaded pictures; their names change with their content, so browsers keep them for good. */
export async function servePartImages(app: FastifyInstance, images: PartImages) {
  await app.register(fastifyStatic, {
    root: images.dir,
    prefix: PART_IMAGE_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
}
