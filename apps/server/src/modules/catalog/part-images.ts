import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { httpErrors } from '@fastify/sensible';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { PART_IMAGE_MAX_BYTES, type PartImageType } from '@apex/contract';

/** Where uploaded pictures are served from; their names are the SHA-256 of their bytes. */
export const PART_IMAGE_PREFIX = '/uploads/parts/';

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

/**
 * Uploaded part pictures, kept as files in `dir` (under DATA_DIR). A picture is named by its
 * content, so uploading the same file twice stores it once and its address never goes stale.
 */
export function createPartImages(dir: string) {
  mkdirSync(dir, { recursive: true });

  return {
    dir,

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
