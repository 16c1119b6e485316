import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { PART_IMAGE_PREFIX } from '../../paths';
import type { PartImages } from './part-images';
import { PICTURE_CONTENT_TYPES } from './web-ready-pictures';

/** An uploaded picture (`<sha256>.<ext>`) or one of its WebP copies (`<sha256>-<width>.webp`). */
const PICTURE_NAME = /^([0-9a-f]{64})(?:-(?:320|640|1280)\.webp|\.(png|jpg|webp))$/;

/** Names change with content, so a browser (and any cache between) keeps a picture for good. */
const FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Serves uploaded pictures from the picture store, the same addresses on every instance,
 * whichever store holds them (decision 011: streamed, not redirected to the store).
 */
export const partImageRoutes: FastifyPluginAsyncZod<{ images: PartImages }> = async (
  app,
  { images },
) => {
  app.get(
    `${PART_IMAGE_PREFIX}*`,
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const name = request.params['*'];
      const match = PICTURE_NAME.exec(name);
      if (!match) throw app.httpErrors.notFound('There is no picture at this address');
      const [, upload, ownExtension] = match;
      const etag = `"${name}"`;
      // The name is the content: a browser holding this name holds these bytes.
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const picture = await images.read(name);
      if (picture) {
        return reply
          .header('cache-control', FOR_GOOD)
          .header('etag', etag)
          .header('content-length', picture.length)
          .type(PICTURE_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'image/webp')
          .send(picture.body);
      }
      // A picture uploaded before copies were made has none: its copies are the picture. Not
      // kept for good, since the copies may yet be made.
      if (!ownExtension && upload) {
        const original = await images.uploadedAs(upload);
        if (original) {
          return reply
            .header('cache-control', 'public, max-age=3600')
            .redirect(`${PART_IMAGE_PREFIX}${original}`, 302);
        }
      }
      throw app.httpErrors.notFound('There is no picture at this address');
    },
  );
};
