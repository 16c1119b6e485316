import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { PartRow } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { partPageUrl } from './part-page';
import type { Catalog } from './service';

/** The pages everyone may read besides the parts' own (requirements §2). */
const PUBLIC_PAGES = ['/', '/blogs', '/my-portfolio'];

function sitemap(parts: readonly PartRow[], shop: URL): string {
  const entry = (url: string, changed?: Date) =>
    `<url><loc>${escapeHtml(url)}</loc>${changed ? `<lastmod>${changed.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => entry(new URL(page, shop).href)),
    ...parts.map((part) => entry(partPageUrl(shop, part.id), part.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * `/sitemap.xml` (every public page and every part on sale, with when the part last changed) and
 * `/robots.txt`, which points crawlers to it and keeps them out of what only customers see. Both
 * name the shop by PUBLIC_URL: crawlers must find it at the address customers use, whichever
 * instance or proxy answers.
 */
export const sitemapRoutes: FastifyPluginAsyncZod<{ catalog: Catalog; shop: URL }> = async (
  app,
  { catalog, shop },
) => {
  // The catalog keeps one array until it changes, so the sitemap is written once per change.
  const written = new WeakMap<readonly PartRow[], string>();
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const parts = await catalog.partsOnSale();
    let xml = written.get(parts);
    if (xml === undefined) {
      xml = sitemap(parts, shop);
      written.set(parts, xml);
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api',
    `Sitemap: ${new URL('/sitemap.xml', shop).href}`,
    '',
  ].join('\n');
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robots),
  );
};
