import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, signUpAdmin } from '../../../test/accounts-helpers';
import { pngPicture, servePictures } from '../../../test/pictures';
import { createTestApp, type TestApp, useTestApp } from '../../../test/test-app';

// A part's picture given as a web address is fetched once and kept like an upload, so no
// visitor's browser asks a third party for it; the shop's own network is out of its reach.

const part = (image: string) => ({
  name: 'Carbon Wing',
  minorder: 1,
  price: 1200,
  quantity: 4,
  description: 'A swan-neck wing.',
  image,
});

const addPart = (t: TestApp, admin: Caller, image: string) =>
  t.app.inject({ method: 'POST', url: '/api/parts', headers: admin.bearer, payload: part(image) });

const partCount = async (t: TestApp) =>
  (await t.app.inject({ method: 'GET', url: '/api/parts' })).json<unknown[]>().length;

describe('a picture given by its web address', () => {
  const t = useTestApp();
  let supplier: Awaited<ReturnType<typeof servePictures>>;
  beforeAll(async () => {
    supplier = await servePictures({
      '/wing.png': pngPicture(16),
      '/moved.png': { redirectTo: '/wing.png' },
      '/loop.png': { redirectTo: '/loop.png' },
      '/gone.png': 404,
      '/page.png': Buffer.from('<html>not a picture</html>'),
      '/huge.png': Buffer.concat([pngPicture(4), Buffer.alloc(3 * 1024 * 1024)]),
    });
  });
  afterAll(() => supplier.close());

  it('is fetched once, kept like an upload, and served by the shop', async () => {
    const admin = await signUpAdmin(t.app);
    const before = supplier.requests();
    const res = await addPart(t, admin, supplier.url('/moved.png'));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<{ part: { image: string } }>().part.image;
    expect(image).toMatch(/^\/uploads\/parts\/[0-9a-f]{64}\.png$/);
    // Once: the redirect and the picture; never again when visitors look.
    expect(supplier.requests() - before).toBe(2);
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(supplier.requests() - before).toBe(2);
  });

  it.each([
    ['/gone.png', 'the address answered 404'],
    ['/page.png', 'The picture must be a PNG, JPEG or WebP image'],
    ['/huge.png', 'it is larger than 2 MB'],
    ['/loop.png', 'it redirects too many times'],
  ])('at %s is refused, saying why, and nothing is added', async (path, why) => {
    const admin = await signUpAdmin(t.app);
    const res = await addPart(t, admin, supplier.url(path));
    expect([400, 413, 415]).toContain(res.statusCode);
    expect(res.json<{ message: string }>().message).toContain(why);
    expect(await partCount(t)).toBe(0);
  });

  it("at the shop's own address is the shop's own picture, not fetched", async () => {
    const admin = await signUpAdmin(t.app);
    const res = await addPart(t, admin, 'http://localhost:3000/images/parts/carbon-rear-wing.svg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ part: { image: string } }>().part.image).toBe(
      '/images/parts/carbon-rear-wing.svg',
    );
  });
});

describe("a picture on the shop's own network", () => {
  let t: TestApp;
  let inside: Awaited<ReturnType<typeof servePictures>>;
  beforeAll(async () => {
    t = await createTestApp({ picturesFromPrivateNetworks: false });
    inside = await servePictures({ '/admin-panel.png': pngPicture(8) });
  });
  afterAll(async () => {
    await t.close();
    await inside.close();
  });

  it('is never fetched: the address is refused by name before any connection', async () => {
    const admin = await signUpAdmin(t.app);
    for (const address of [
      inside.url('/admin-panel.png'),
      'http://[::1]:9/x.png',
      'http://169.254.169.254/latest/meta-data.png',
    ]) {
      const res = await addPart(t, admin, address);
      expect(res.statusCode, address).toBe(400);
      expect(res.json<{ message: string }>().message, address).toContain('private network');
    }
    expect(inside.requests()).toBe(0);
    expect(await partCount(t)).toBe(0);
  });
});
