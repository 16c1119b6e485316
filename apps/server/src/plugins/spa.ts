import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { notFoundBody } from './errors';

const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

function wantsPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    // A path with a file extension is a missing file, not a page of the app.
    !/\.[a-z0-9]+$/i.test(pathname) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built web app beside the API: hashed assets cached for a year, index.html revalidated,
 * and the history fallback only for page navigations. Unknown API paths and missing files get JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { webDist }: { webDist: string | null }) => {
    if (webDist) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        preCompressed: true,
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            filePath.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (webDist && wantsPage(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send(notFoundBody(request.method, request.url));
    });
  },
  { name: 'spa' },
);
