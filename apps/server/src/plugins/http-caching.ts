import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller responses are sent as they are: the bytes compression would save cost less than
 * compressing them. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Revalidation and compression for every response, by the ecosystem's plugins, in this order:
 * @fastify/etag answers 304 when the client holds the response's ETag (the route's own, as the
 * cached JSON sets, or a hash of the bytes), then @fastify/compress gzips what is still sent, for
 * clients that take it.
 */
export const httpCachingPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(etag);
    await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: COMPRESS_THRESHOLD });
  },
  { name: 'http-caching' },
);
