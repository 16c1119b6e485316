import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { notFoundBody } from './errors';

const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/** A source map hands out the web app's own source, comments and all: never served. */
const SOURCE_MAP = /\.map$/i;

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

function wantsPage(request: FastifyRequest): boolean {
  const pathname = pathnameOf(request);
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
 * The public pages whose HTML names their own scripts (apps/web/scripts/page-scripts.mjs):
 * address → file under pages/. Any other page, or a build without them, gets index.html.
 */
function publicPages(webDist: string): Map<string, string> {
  const index = path.join(webDist, 'pages', 'pages.json');
  if (!existsSync(index)) return new Map();
  const pages = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages).map(([address, file]) => [address, `pages/${file}`]));
}

/**
 * Serves the built web app beside the API: hashed assets cached for a year, pages revalidated,
 * and the history fallback only for page navigations: a public page gets its own HTML, any other
 * index.html. Unknown API paths and missing files get JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { webDist }: { webDist: string | null }) => {
    const pages = webDist ? publicPages(webDist) : new Map<string, string>();
    if (webDist) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        preCompressed: true,
        // A page with HTML of its own (`/` among them) is sent by the fallback below, never as
        // the directory's index.html.
        allowedPath: (pathname) => !pages.has(pathname) && !SOURCE_MAP.test(pathname),
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            filePath.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = pathnameOf(request);
      const reading = request.method === 'GET' || request.method === 'HEAD';
      // A public page is a file of its own: any client gets it, as `/` always got index.html.
      const page = reading
        ? pages.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)
        : undefined;
      if (webDist && (page || wantsPage(request))) {
        return reply.header('cache-control', 'no-cache').sendFile(page ?? 'index.html');
      }
      return reply.code(404).send(notFoundBody(request.method, request.url));
    });
  },
  { name: 'spa' },
);
