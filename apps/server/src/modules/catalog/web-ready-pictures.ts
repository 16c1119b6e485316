import { httpErrors } from '@fastify/sensible';
import sharp from 'sharp';

import type { PartImageType } from '@apex/contract';

/** The widths of the WebP copies; packages/contract's partPictureSrcset names the same ones. */
const WIDTHS = [320, 640, 1280] as const;

/**
 * More pixels than any camera a shop owner has (a 2 MB file can still claim a gigapixel image,
 * which would take gigabytes to decode).
 */
const MAX_INPUT_PIXELS = 40_000_000;

export const PICTURE_EXTENSIONS: Record<PartImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** What a picture file's name ends with says what it holds: the shop names every file it stores. */
export const PICTURE_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export interface PictureFile {
  name: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * The files one upload becomes: its smaller WebP copies first, then the picture itself in its
 * own format (last, so that once it exists, its copies do too). Each is decoded and encoded
 * again: turned upright as the camera held it, and stripped of what the camera wrote beside the
 * pixels (GPS position, camera, dates, thumbnails).
 */
export async function webReadyFiles(
  bytes: Buffer,
  type: PartImageType,
  hash: string,
): Promise<PictureFile[]> {
  try {
    // sharp writes no metadata unless told to (keepMetadata), so every output is clean.
    const upright = sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    }).autoOrient();
    const copies = await Promise.all(
      WIDTHS.map(async (width) => ({
        name: `${hash}-${width}.webp`,
        bytes: await upright
          .clone()
          // A copy is never wider than the upload: a small picture's copies are the picture.
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
        contentType: 'image/webp',
      })),
    );
    const original = upright.clone();
    const cleaned =
      type === 'image/png'
        ? original.png()
        : type === 'image/jpeg'
          ? original.jpeg({ quality: 88, mozjpeg: true })
          : original.webp({ quality: 88 });
    return [
      ...copies,
      {
        name: `${hash}.${PICTURE_EXTENSIONS[type]}`,
        bytes: await cleaned.toBuffer(),
        contentType: type,
      },
    ];
  } catch (error) {
    throw Object.assign(
      httpErrors.unsupportedMediaType(
        'The picture could not be read: it must be a whole PNG, JPEG or WebP image',
      ),
      { cause: error },
    );
  }
}
