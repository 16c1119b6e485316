import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { makePart } from '../../../test/factories';
import { idSegments, namesId } from '../../../test/hostile-input/requests';
import { useTestApp } from '../../../test/test-app';
import { fakeWebDist } from '../../../test/web-dist';
import { parts } from '../../db/schema';

const SHOP = 'https://shop.example.com';
const t = useTestApp({ webDist: fakeWebDist(), publicUrl: new URL(SHOP) });

const getPage = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** Reverses the HTML escaping of an attribute's value or an element's text. */
const unescape = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The content of every `<meta>` whose name or property is `key`, as a browser reads it. */
const metaContents = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)]
    .filter(([, found]) => found === key)
    .map(([, , content]) => unescape(content ?? ''));

const titleOf = (html: string) =>
  [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => title ?? '');

interface ProductData {
  '@type': string;
  name: string;
  image: string[];
  description: string;
  sku: string;
  offers: { price: string; priceCurrency: string; availability: string; url: string };
}

/** The JSON-LD of a page, parsed: there must be exactly one. */
function productOf(html: string): ProductData {
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map(([, json]) => json ?? '');
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0] ?? '') as ProductData;
}

describe('GET /parts/:id', () => {
  it("carries the part's title, description, canonical address, Open Graph and Product data", async () => {
    const part = await makePart(t.app.database.db, {
      name: 'Carbon Rear Wing',
      description: 'A swan-neck wing in pre-preg carbon.',
      image: '/images/parts/rear-wing.svg',
      priceCents: 124_950,
      stock: 12,
      minOrder: 3,
    });
    const res = await getPage(`/parts/${part.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const url = `${SHOP}/parts/${part.id}`;

    // The page's own HTML, with its scripts named up front, and its shop-wide head replaced.
    expect(html).toContain('href="/assets/part-abc123.js"');
    expect(titleOf(html)).toEqual(['Carbon Rear Wing — Apex Parts']);
    expect(metaContents(html, 'description')).toEqual(['A swan-neck wing in pre-preg carbon.']);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaContents(html, 'og:type')).toEqual(['product']);
    expect(metaContents(html, 'og:title')).toEqual(['Carbon Rear Wing']);
    expect(metaContents(html, 'og:description')).toEqual(['A swan-neck wing in pre-preg carbon.']);
    expect(metaContents(html, 'og:url')).toEqual([url]);
    expect(metaContents(html, 'og:image')).toEqual([`${SHOP}/images/parts/rear-wing.svg`]);
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    expect(productOf(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Carbon Rear Wing',
      image: [`${SHOP}/images/parts/rear-wing.svg`],
      description: 'A swan-neck wing in pre-preg carbon.',
      sku: part.id,
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: '1249.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('names a picture from another site by its own address, and answers HEAD', async () => {
    const part = await makePart(t.app.database.db, { image: 'https://cdn.example.net/wing.jpg' });
    const res = await getPage(`/parts/${part.id}`);
    expect(metaContents(res.body, 'og:image')).toEqual(['https://cdn.example.net/wing.jpg']);
    const head = await t.app.inject({ method: 'HEAD', url: `/parts/${part.id}` });
    expect(head.statusCode).toBe(200);
  });

  it('says out of stock when fewer units are left than one order must take', async () => {
    const part = await makePart(t.app.database.db, { stock: 2, minOrder: 3 });
    const res = await getPage(`/parts/${part.id}`);
    expect(productOf(res.body).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('cuts a long description at a word, on one line, for the meta description', async () => {
    const description = `${'Forged aluminium\n\n  monoblock wheel. '.repeat(20)}End.`;
    const part = await makePart(t.app.database.db, { description });
    const { body } = await getPage(`/parts/${part.id}`);
    const [meta] = metaContents(body, 'description');
    expect(meta?.length).toBeLessThanOrEqual(155);
    expect(meta).toMatch(/^Forged aluminium monoblock wheel\. Forged .* \w+…$/);
    expect(meta).not.toContain('\n');
    // The Product keeps the whole description.
    expect(productOf(body).description).toBe(description);
  });

  it('shows a new price at once after the part changes', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 10_000 });
    expect(productOf((await getPage(`/parts/${part.id}`)).body).offers.price).toBe('100.00');
    await t.app.database.db.update(parts).set({ priceCents: 9_050 }).where(eq(parts.id, part.id));
    t.app.catalog.invalidate();
    expect(productOf((await getPage(`/parts/${part.id}`)).body).offers.price).toBe('90.50');
  });

  it("keeps whatever a part's name or picture address holds inside its text and attributes", async () => {
    const name = `</script><script>alert(1)</script> "Big" 'Brake' <img src=x onerror=alert(2)> & <!--`;
    const image = 'https://cdn.example.net/a.png?x="><script>alert(3)</script>';
    const part = await makePart(t.app.database.db, { name, image, description: name });
    const { body } = await getPage(`/parts/${part.id}`);

    // No element but the template's and the JSON-LD's own: nothing broke out of either.
    expect(body.match(/<script/g)).toHaveLength(1);
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<!--');
    expect(titleOf(body).map(unescape)).toEqual([`${name} — Apex Parts`]);
    expect(metaContents(body, 'og:title')).toEqual([name]);
    expect(metaContents(body, 'description')).toEqual([name]);
    expect(metaContents(body, 'og:image')).toEqual([new URL(image).href]);
    const product = productOf(body);
    expect(product.name).toBe(name);
    expect(product.description).toBe(name);
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['a malformed id', () => 'not-an-id'],
    ['an SQL-looking id', () => encodeURIComponent("1' or '1'='1")],
    ['a script in the address', () => encodeURIComponent('<script>alert(1)</script>')],
  ])('answers 404 with the not-found page for %s', async (_case, id) => {
    const res = await getPage(`/parts/${id()}`);
    expectNotFoundPage(res);
  });

  it('answers 404 with the not-found page for a part taken off sale', async () => {
    const part = await makePart(t.app.database.db, { archivedAt: new Date() });
    expectNotFoundPage(await getPage(`/parts/${part.id}`));
  });

  it('answers hostile ids without an error, and never with another part or what the id holds', async () => {
    const part = await makePart(t.app.database.db, { name: 'The one part on sale' });
    await fc.assert(
      fc.asyncProperty(idSegments(part.id), async (segment) => {
        fc.pre(!namesId(segment, part.id));
        const res = await getPage(`/parts/${segment.sent}`);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toContain('The one part on sale');
        expect(res.body).not.toMatch(/alert\(1\)|onerror/);
      }),
      // The hostile-input suite's seed: the same requests on every run.
      { numRuns: 300, seed: 20_261_125 },
    );
  });
});

function expectNotFoundPage(res: Awaited<ReturnType<typeof getPage>>) {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  // The web app's page, which shows its not-found page for the address; kept out of searches.
  expect(res.body).toContain('<div id="root"></div>');
  expect(titleOf(res.body)).toEqual(['Not found — Apex Parts']);
  expect(res.body).toContain('<meta name="robots" content="noindex">');
  expect(res.body).not.toContain('og:');
  expect(res.body).not.toContain('application/ld+json');
  expect(res.body).not.toContain('alert');
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every part on sale, with when each part last changed', async () => {
    const wing = await makePart(t.app.database.db, { name: 'Wing' });
    const wheel = await makePart(t.app.database.db, { name: 'Wheel' });
    const archived = await makePart(t.app.database.db, { archivedAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);

    const entries = [
      ...res.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g),
    ].map(([, loc, lastmod]) => ({ loc, lastmod }));
    expect(entries).toEqual([
      { loc: `${SHOP}/`, lastmod: undefined },
      { loc: `${SHOP}/blogs`, lastmod: undefined },
      { loc: `${SHOP}/my-portfolio`, lastmod: undefined },
      // By name, as the catalog lists them.
      { loc: `${SHOP}/parts/${wheel.id}`, lastmod: wheel.updatedAt.toISOString() },
      { loc: `${SHOP}/parts/${wing.id}`, lastmod: wing.updatedAt.toISOString() },
    ]);
    expect(res.body).not.toContain(archived.id);
  });

  it('lists a part added since', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const part = await makePart(t.app.database.db);
    t.app.catalog.invalidate();
    const after = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(before.body).not.toContain(part.id);
    expect(after.body).toContain(`<loc>${SHOP}/parts/${part.id}</loc>`);
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in but for the dashboard and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /api',
      `Sitemap: ${SHOP}/sitemap.xml`,
      '',
    ]);
  });
});
