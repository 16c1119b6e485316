import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { PartRow } from '../../db/schema';
import { escapeHtml, jsonInScript } from '../../lib/html';
import type { Catalog } from './service';

const SHOP = 'Apex Parts';
/** About what a search engine shows of a description before it cuts it itself. */
const DESCRIPTION_CHARACTERS = 155;

/** A part's address on the shop's own site, as links, the sitemap and search engines name it. */
export const partPageUrl = (shop: URL, id: string): string =>
  new URL(`/parts/${encodeURIComponent(id)}`, shop).href;

/** The description as one line, cut at a word so it stays within what search results show. */
function metaDescription(text: string): string {
  // Characters, not UTF-16 units, so a cut never splits an emoji or an accented letter's pair.
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= DESCRIPTION_CHARACTERS) return characters.join('');
  const cut = characters.slice(0, DESCRIPTION_CHARACTERS - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  // One very long word is cut where it stands rather than leaving almost nothing.
  const kept = lastSpace > DESCRIPTION_CHARACTERS / 2 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The picture as an absolute address: social sites and search engines fetch it from elsewhere. */
function absolutePicture(image: string, shop: URL): string | null {
  try {
    return new URL(image, shop).href;
  } catch {
    return null;
  }
}

/** A schema.org Product with its offer, as search engines read a product page. */
function productData(part: PartRow, url: string, image: string | null) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    ...(image ? { image: [image] } : {}),
    description: part.description,
    sku: part.id,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: (part.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      // A part whose stock is below its minimum order cannot be ordered at all.
      availability: `https://schema.org/${part.stock >= part.minOrder ? 'InStock' : 'OutOfStock'}`,
    },
  };
}

/** What a part's page says of it in `<head>`: title, description, canonical, Open Graph, JSON-LD. */
function partHead(part: PartRow, shop: URL): string {
  const url = partPageUrl(shop, part.id);
  const image = absolutePicture(part.image, shop);
  const description = metaDescription(part.description);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(`${part.name} — ${SHOP}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:site_name', SHOP),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', part.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image
      ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', part.name)]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    `<script type="application/ld+json">${jsonInScript(productData(part, url, image))}</script>`,
  ].join('');
}

/** The page a part that is not on sale gets: the app shows its not-found page there. */
const NOT_FOUND_HEAD = `<title>Not found — ${SHOP}</title><meta name="robots" content="noindex">`;

/**
 * The web app's HTML for a part's page, read once: the build's own for this page when there is
 * one (it names the page's scripts up front, apps/web/scripts/page-scripts.mjs), else index.html,
 * without the shop-wide title and description, which each answer replaces.
 */
function pageTemplate(webDist: string): (head: string) => string {
  const own = path.join(webDist, 'pages', 'part.html');
  const file = existsSync(own) ? own : path.join(webDist, 'index.html');
  const html = readFileSync(file, 'utf8')
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error(`${file} has no </head>: it is not the web app's page`);
  const [before, after] = [html.slice(0, end), html.slice(end)];
  return (head) => `${before}${head}${after}`;
}

/**
 * `/parts/:id`: the web app's page, with what search engines and link previews read of the part
 * in its HTML (they run no script). The part comes from the catalog's cache, which every instance
 * keeps in step with the database (decision 003), so a changed price shows at once everywhere;
 * for that the page is revalidated on every visit. A part not on sale is a 404, which search
 * engines drop, with the app's page, which shows its not-found page.
 */
export const partPageRoutes: FastifyPluginAsyncZod<{
  catalog: Catalog;
  webDist: string;
  shop: URL;
}> = async (app, { catalog, webDist, shop }) => {
  const page = pageTemplate(webDist);
  const notFound = page(NOT_FOUND_HEAD);
  app.get(
    '/parts/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const part = await catalog.findPartRow(request.params.id);
      if (!part) return reply.code(404).send(notFound);
      return reply.send(page(partHead(part, shop)));
    },
  );
};
