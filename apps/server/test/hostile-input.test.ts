import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ORDER_STATES, PART_IMAGE_MAX_BYTES, PART_IMAGE_TYPES } from '@apex/contract';

import { auditLog } from '../src/db/schema';
import { encodeCursor } from '../src/lib/keyset';
import { sniffPartImage } from '../src/modules/catalog/part-images';
import { browserHeaders, type Caller, makeAdminDirectly, signUp } from './accounts-helpers';
import { shopDigest } from './db-digest';
import { makePart, makeReview } from './factories';
import { makeVehicle } from './fitment-helpers';
import {
  authMayTake,
  isRecord,
  mayTake,
  namedAccount,
  pagedListMayTake,
  searchMayTake,
  shopMayTake,
} from './hostile-input/expectations';
import {
  anyValue,
  type Body,
  brokenJson,
  deeplyNested,
  emailSegments,
  encoded,
  formLike,
  formText,
  hostileAuthBodies,
  hostileBodies,
  hostileNumber,
  hostileText,
  idSegments,
  jsonOf,
  junkBody,
  namesId,
  nastyText,
  overHttp,
  oversized,
  type Segment,
  spoiledIds,
  wrongContentType,
} from './hostile-input/requests';
import { placeOrder, placeOrderId } from './orders-helpers';
import { pngPicture } from './pictures';
import { createTestApp, type TestApp } from './test-app';

/*
 * Hostile input for every write endpoint: each gets RUNS generated requests that a correct shop
 * must refuse, and refuse well. Every one must answer 4xx (never 2xx, never 5xx) with a JSON body
 * carrying a readable `message`, and the shop's data must be exactly as before, checked by a
 * digest of its tables.
 *
 * Each request is made as the most privileged caller that makes sense (the admin for admin
 * routes, the owner for one's own things), so what is exercised is input validation, not the
 * permission check. Generators build mostly invalid requests; where a generated one could by
 * chance be valid, `fc.pre` drops it. What is valid is decided by this suite's own table
 * (hostile-input/expectations.ts; the generators are in hostile-input/requests.ts), never by the schemas under test: a schema loosened by mistake
 * lets through a request the table calls invalid, and the suite fails.
 *
 * Every run uses the same seed, printed at the start, so a failure in CI happens again on any
 * machine; `HOSTILE_SEED=<number>` runs with another one (a failure prints fast-check's shrunk
 * counterexample, its seed and its path; to replay it, run the one endpoint with `-t`, that
 * seed, and `{ path }` in the options of `fc.assert` below).
 */

const RUNS = 1000;
/** Fixed, so every run sends the same requests; another seed explores further. */
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_125);
fc.configureGlobal({ seed: SEED });
/** A request that takes this long is treated as hung: a failure, like a 5xx. */
const HUNG_AFTER_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// The shop under attack

// Input validation happens before the database, so one database shows it; this suite costs a
// minute, and the API suites already run on both databases.
// Each test sends its RUNS requests one after another: a minute each, not the usual 30 s.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'hostile input to every write endpoint',
  { timeout: 60_000 },
  () => {
    let t: TestApp;
    let uploadsDir: string;
    let admin: Caller;
    let customer: Caller;
    let partId: string;
    let orderId: string;
    let clientSecret: string;
    let vehicleId: string;
    let vehicleKey: string;

    beforeAll(async () => {
      console.info(`hostile input: fast-check seed ${SEED} (replay with HOSTILE_SEED=${SEED})`);
      uploadsDir = mkdtempSync(path.join(tmpdir(), 'apex-hostile-uploads-'));
      t = await createTestApp({
        uploadsDir,
        limits: { enabled: false, writesPerMinute: 100_000, redisUrl: null },
      });
      const db = t.app.database.db;
      admin = await signUp(t.app, {
        name: 'Shop Admin',
        email: 'boss@example.com',
        password: 'admin-password-1',
      });
      await makeAdminDirectly(t.app, admin.email);
      customer = await signUp(t.app, {
        name: 'Ada',
        email: 'ada@example.com',
        password: 'customer-password-1',
      });
      partId = (await makePart(db, { stock: 50, minOrder: 2, priceCents: 12_345 })).id;
      await makeReview(db);
      const vehicle = await makeVehicle(db);
      vehicleId = vehicle.id;
      vehicleKey = `2020-${vehicle.slug}`;

      const placed = await placeOrder(t.app, customer.bearer, {
        orderId: partId,
        orderQuantity: 2,
        phone: '+39 039 24821',
        address: '1 Pit Lane',
      });
      expect(placed.statusCode).toBe(201);
      orderId = placed.json<{ insertedId: string }>().insertedId;
      const intent = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: customer.bearer,
        payload: { orderId },
      });
      expect(intent.statusCode).toBe(200);
      clientSecret = intent.json<{ clientSecret: string }>().clientSecret;
      // The customer's cart holds what could be ordered: only a bad checkout request stops it.
      const inCart = await t.app.inject({
        method: 'PUT',
        url: `/api/cart/lines/${partId}`,
        headers: customer.bearer,
        payload: { quantity: 2, unitPrice: 123.45 },
      });
      expect(inCart.statusCode, inCart.body).toBe(200);
      const profile = await t.app.inject({
        method: 'POST',
        url: `/api/profile/${customer.email}`,
        headers: customer.bearer,
        payload: { location: 'Monza' },
      });
      expect(profile.statusCode).toBe(201);
    });

    afterAll(() => t.close());

    const describeAnswer = (res: LightMyRequestResponse) =>
      `${res.statusCode} ${res.body.slice(0, 300)}`;

    /** A refusal as the shop words it: a client error, in JSON, with a message a person can read. */
    function expectRefusal(res: LightMyRequestResponse) {
      expect(res.statusCode, describeAnswer(res)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, describeAnswer(res)).toBeLessThan(500);
      let body: unknown = null;
      try {
        body = JSON.parse(res.body);
      } catch {
        // Checked just below: a body that is not JSON has no message.
      }
      const message = isRecord(body) ? body.message : undefined;
      expect(
        typeof message === 'string' && /\S/.test(message),
        `no JSON body with a message: ${describeAnswer(res)}`,
      ).toBe(true);
    }

    /**
     * Sends RUNS requests built from `inputs` to a shop (this file's, unless another is given); each
     * must be refused, and the shop's data stay as they were.
     */
    async function expectAllRefused<T>(
      inputs: fc.Arbitrary<T>,
      toRequest: (input: T) => InjectOptions,
      shop: TestApp = t,
    ): Promise<void> {
      const before = await shopDigest(shop.app.database.db);
      try {
        await fc.assert(
          fc.asyncProperty(inputs, async (input) => {
            expectRefusal(await shop.app.inject(toRequest(input)));
          }),
          { numRuns: RUNS, timeout: HUNG_AFTER_MS },
        );
      } finally {
        // Checked after a failed property too: a 5xx that also changed data is worse than one alone.
        expect.soft(await shopDigest(shop.app.database.db), 'the shop data changed').toBe(before);
      }
    }

    /** Inject options for a call with this body (or none) and these headers. */
    const withBody = (
      headers: Record<string, string>,
      body: Body | undefined,
    ): Pick<InjectOptions, 'headers' | 'payload'> => ({
      headers: {
        ...headers,
        ...(body?.contentType === undefined ? {} : { 'content-type': body.contentType }),
      },
      ...(body === undefined ? {} : { payload: body.payload }),
    });

    const partDetails = {
      name: formText({ minLength: 1, maxLength: 20 }),
      minorder: fc.integer({ min: 1, max: 5 }),
      price: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(9.99, 100, 1234.5) },
        // Fractions of a cent that round to nothing.
        { weight: 1, arbitrary: fc.constantFrom(1e-9, 1e-12, Number.MIN_VALUE) },
      ),
      image: fc.oneof(
        { weight: 3, arbitrary: fc.constant('https://example.com/wing.png') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'javascript:alert(1)',
            'data:image/png;base64,AAAA',
            'file:///etc/passwd',
            '//example.com/wing.png',
            'ftp://example.com/wing.png',
            '/images/parts/../../../etc/passwd.svg',
            '/uploads/parts/never-uploaded.png',
          ),
        },
      ),
      description: formText({ maxLength: 40 }),
    };
    const partForm = formLike({ ...partDetails, quantity: fc.integer({ min: 10, max: 100 }) });
    // The fixture part is at version 1 until an edit is let through, which none may be.
    const partEdit = formLike({ ...partDetails, version: fc.constantFrom(1, 2) });

    it(`GET /api/parts answers ${RUNS} hostile searches: the parts when the search may be taken, a 400 otherwise`, async () => {
      const field = (plausible: fc.Arbitrary<string>) =>
        fc.option(fc.oneof(plausible, hostileText), { nil: undefined });
      const searches = fc.record({
        q: field(fc.constantFrom('brake', '"carbon wing"', 'wing -carbon', 'brake OR clutch')),
        sort: field(fc.constantFrom('relevance', 'name', 'price', 'price-desc', 'newest', 'Price')),
        inStock: field(fc.constantFrom('true', 'false', 'TRUE', '1', '')),
        limit: field(fc.constantFrom('1', '12', '100', '101', '0', '-1', '2.5', '1e2', ' 7 ')),
        cursor: field(fc.oneof(fc.constant(partId), fc.uuid(), spoiledIds(partId))),
        vehicle: field(
          fc.constantFrom(vehicleKey, '2030-lamborghini-huracan-evo', 'huracan', `${vehicleKey}-`),
        ),
      });
      const before = await shopDigest(t.app.database.db);
      await fc.assert(
        fc.asyncProperty(searches, async (search) => {
          const fields = Object.entries(search).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          );
          // With no field at all the answer is the whole list, another shape (catalog.test.ts).
          fc.pre(fields.length > 0);
          const res = await t.app.inject({
            url: `/api/parts?${new URLSearchParams(fields).toString()}`,
          });
          if (searchMayTake(search, partId, vehicleKey)) {
            expect(res.statusCode, describeAnswer(res)).toBe(200);
            expect(Object.keys(res.json<object>()).sort()).toEqual(['next', 'parts', 'total']);
          } else expectRefusal(res);
        }),
        { numRuns: RUNS, timeout: HUNG_AFTER_MS },
      );
      expect(await shopDigest(t.app.database.db)).toBe(before);
    });

    it(`POST /api/parts refuses ${RUNS} hostile new parts`, async () => {
      await expectAllRefused(hostileBodies(partForm), (body) => {
        fc.pre(!shopMayTake(mayTake.newPart, body));
        return { method: 'POST', url: '/api/parts', ...withBody(admin.bearer, body) };
      });
    });

    it(`PUT /api/parts/:id refuses ${RUNS} hostile edits`, async () => {
      const inputs = fc.record({
        part: fc.oneof(fc.constant<Segment>({ sent: partId, seen: partId }), idSegments(partId)),
        body: hostileBodies(partEdit),
      });
      await expectAllRefused(inputs, ({ part, body }) => {
        fc.pre(!(namesId(part, partId) && shopMayTake(mayTake.partEdit, body)));
        return { method: 'PUT', url: `/api/parts/${part.sent}`, ...withBody(admin.bearer, body) };
      });
    });

    it(`POST /api/parts/:id/restock refuses ${RUNS} hostile restocks`, async () => {
      const inputs = fc.record({
        part: fc.oneof(fc.constant<Segment>({ sent: partId, seen: partId }), idSegments(partId)),
        body: hostileBodies(formLike({ units: fc.integer({ min: 1, max: 10 }) })),
      });
      await expectAllRefused(inputs, ({ part, body }) => {
        fc.pre(!(namesId(part, partId) && shopMayTake(mayTake.restock, body)));
        return {
          method: 'POST',
          url: `/api/parts/${part.sent}/restock`,
          ...withBody(admin.bearer, body),
        };
      });
    });

    // Any id but the fixture's own is refused, whatever the body: the fixture's would be taken.
    it.each([
      {
        route: 'DELETE /api/parts/:id',
        target: () => ({ id: partId, spoiled: [partId], headers: admin.bearer }),
        url: (id: string) => `/api/parts/${id}`,
      },
      {
        route: 'POST /api/orders/:id/cancel',
        target: () => ({ id: orderId, spoiled: [orderId, partId], headers: customer.bearer }),
        url: (id: string) => `/api/orders/${id}/cancel`,
      },
      {
        route: 'DELETE /api/allorders/:id',
        target: () => ({ id: orderId, spoiled: [orderId, partId], headers: admin.bearer }),
        url: (id: string) => `/api/allorders/${id}`,
      },
    ] as const)(`$route refuses ${RUNS} hostile ids`, async ({ route, target, url }) => {
      const { id, spoiled, headers } = target();
      const method = route.startsWith('DELETE') ? 'DELETE' : 'POST';
      const inputs = fc.record({ segment: idSegments(...spoiled), body: junkBody });
      await expectAllRefused(inputs, ({ segment, body }) => {
        fc.pre(!namesId(segment, id));
        return { method, url: url(segment.sent), ...withBody(headers, body) };
      });
    });

    it(`POST /api/part-images refuses ${RUNS} files that are not pictures`, async () => {
      const png = pngPicture();
      const tooBigPicture = Buffer.alloc(PART_IMAGE_MAX_BYTES + 65_536, 0x41);
      const bytes = fc.oneof(
        { weight: 4, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
        {
          weight: 3,
          arbitrary: fc
            .constantFrom(
              '',
              'GIF89a\u0001\u0000\u0001\u0000',
              '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
              '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
              '%PDF-1.4',
              'MZ\u0090\u0000',
              '#!/bin/sh\nrm -rf /',
              '{"image":"/etc/passwd"}',
              '{"__proto__":{"role":"admin"}}',
              'RIFF\u0000\u0000\u0000\u0000WEBX',
              'RIFF',
            )
            .map((text) => Buffer.from(text, 'latin1')),
        },
        // The first bytes of real pictures, cut short or altered: a format check must not pass them.
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 255 }))
            .map(([at, byte]) => {
              const spoiled = Buffer.from(png);
              spoiled[at] = byte;
              return spoiled;
            }),
        },
        {
          weight: 1,
          arbitrary: fc.integer({ min: 1, max: 7 }).map((n) => png.subarray(0, n)),
        },
        // Past the 2 MB a picture may have (cut from one buffer: allocating each costs seconds).
        {
          weight: 1,
          arbitrary: fc
            .integer({ min: PART_IMAGE_MAX_BYTES + 1, max: tooBigPicture.length })
            .map((n) => tooBigPicture.subarray(0, n)),
        },
      );
      const contentType = fc.oneof(
        fc.constantFrom(
          ...PART_IMAGE_TYPES,
          'application/octet-stream',
          'image/gif',
          'image/svg+xml',
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'image/png; charset=utf-8',
          'IMAGE/PNG',
          'image/png, image/jpeg',
          '',
          undefined,
        ),
        hostileText.filter((text) => text.length < 200).map(overHttp),
      );
      const inputs = fc.record({ bytes, contentType });
      await expectAllRefused(inputs, ({ bytes, contentType }) => {
        fc.pre(sniffPartImage(bytes) === null);
        return {
          method: 'POST',
          url: '/api/part-images',
          ...withBody(admin.bearer, { contentType, payload: bytes }),
        };
      });
      // Nothing refused may have left a file behind, whole or partial.
      expect(readdirSync(uploadsDir)).toEqual([]);
    });

    it(`GET /api/activity refuses ${RUNS} hostile pages`, async () => {
      // One real entry, so that spoiled forms of its id are tried too; it alone starts a page.
      const [entry] = await t.app.database.db
        .insert(auditLog)
        .values({
          actorId: 'fixture',
          actorEmail: admin.email,
          action: 'part.archive',
          subjectType: 'part',
          subjectId: partId,
        })
        .returning({ id: auditLog.id });
      if (!entry) throw new Error('the entry insert returned nothing');
      const realId = entry.id;
      const junkParams = fc.dictionary(
        fc.oneof(nastyText, fc.constantFrom('limit', 'after', 'page', 'role')),
        fc.oneof(
          hostileText.filter((text) => text.length < 500),
          hostileNumber.map(String),
        ),
        { maxKeys: 3 },
      );
      const inputs = fc.record({
        before: fc.oneof(idSegments(realId), fc.constant<Segment>({ sent: '', seen: '' })),
        repeated: fc.boolean(),
        junk: junkParams,
      });
      await expectAllRefused(inputs, ({ before, repeated, junk }) => {
        // A page that starts at the real entry is a fair question; every other start is not.
        fc.pre(!(mayTake.activityPage(before.seen, realId) && !repeated));
        const extra = Object.entries(junk)
          .filter(([name]) => name !== 'before')
          .map(([name, value]) => `&${encoded(name).sent}=${encoded(value).sent}`)
          .join('');
        const again = repeated ? `&before=${realId}` : '';
        return {
          method: 'GET',
          url: `/api/activity?before=${before.sent}${again}${extra}`,
          headers: admin.bearer,
        };
      });
    });

    it(`GET /api/manage/orders, /api/manage/users and /api/my-orders answer ${RUNS} hostile pages each: a page when it may be taken, a 400 otherwise`, async () => {
      const real = encodeCursor({
        createdAt: '2026-11-26T10:47:55.123456Z',
        id: '6f1c1a5e-8d2b-4c1e-9f3a-2b7d4e5f6a7b',
      });
      const spoiled = (text: string) => Buffer.from(text).toString('base64url');
      const field = (plausible: fc.Arbitrary<string>) =>
        fc.option(fc.oneof(plausible, hostileText), { nil: undefined });
      const pages = fc.record({
        state: field(fc.constantFrom(...ORDER_STATES, 'paid', 'Unpaid', '', ' pending')),
        q: field(fc.constantFrom('ada', 'A', '%', '_', '\\', "o'brien", 'a%_b', '*')),
        cursor: field(
          fc.oneof(
            fc.constant(real),
            fc.constantFrom(
              `${real}=`,
              `${real}.`,
              real.slice(0, 20),
              spoiled('2026-11-26T10:47:55.123456Z x!'),
              spoiled('2026-11-26T10:47:55.123456Z a b'),
              spoiled("2026-11-26T10:47:55.123456Z ' OR '1'='1"),
              spoiled('2026-13-40T10:47:55.123456Z 6f1c1a5e-8d2b-4c1e-9f3a-2b7d4e5f6a7b'),
              spoiled('0001-01-01T00:00:00.000000Z 6f1c1a5e-8d2b-4c1e-9f3a-2b7d4e5f6a7b'),
              spoiled('2026-11-26T10:47:55Z 6f1c1a5e-8d2b-4c1e-9f3a-2b7d4e5f6a7b'),
              spoiled('2026-11-26T10:47:55.123456+01:00 6f1c1a5e-8d2b-4c1e-9f3a-2b7d4e5f6a7b'),
            ),
          ),
        ),
      });
      const before = await shopDigest(t.app.database.db);
      // Each list, the fields it takes, and what its page holds.
      const lists = [
        { path: '/api/manage/orders', takes: ['state', 'q', 'cursor'], rows: 'orders' },
        { path: '/api/manage/users', takes: ['q', 'cursor'], rows: 'users' },
        { path: '/api/my-orders', takes: ['cursor'], rows: 'orders' },
      ];
      for (const list of lists) {
        await fc.assert(
          fc.asyncProperty(pages, async (page) => {
            const fields = Object.entries(page).filter(
              (entry): entry is [string, string] =>
                entry[1] !== undefined && list.takes.includes(entry[0]),
            );
            const res = await t.app.inject({
              url: `${list.path}?${new URLSearchParams(fields).toString()}`,
              headers: admin.bearer,
            });
            const taken = pagedListMayTake(Object.fromEntries(fields), [real]);
            if (taken) {
              expect(res.statusCode, describeAnswer(res)).toBe(200);
              expect(Object.keys(res.json<object>()).sort()).toEqual(['next', list.rows]);
            } else expectRefusal(res);
          }),
          { numRuns: RUNS, timeout: HUNG_AFTER_MS },
        );
      }
      expect(await shopDigest(t.app.database.db)).toBe(before);
    });

    it(`GET /api/overview answers ${RUNS} hostile query strings as it answers none`, async () => {
      // The overview takes no input: whatever a query string holds is ignored, never a 5xx, and
      // the figures are the same as without it.
      const ask = (query: string) =>
        t.app.inject({ method: 'GET', url: `/api/overview${query}`, headers: admin.bearer });
      const plain = await ask('');
      expect(plain.statusCode, describeAnswer(plain)).toBe(200);
      const before = await shopDigest(t.app.database.db);
      const junk = fc.array(
        fc.tuple(
          fc.oneof(
            nastyText,
            fc.constantFrom('days', 'from', 'to', 'limit', 'status', '__proto__'),
          ),
          fc.oneof(
            hostileText.filter((text) => text.length < 500),
            hostileNumber.map(String),
          ),
        ),
        { minLength: 1, maxLength: 4 },
      );
      await fc.assert(
        fc.asyncProperty(junk, async (params) => {
          const query = params
            .map(([name, value]) => `${encoded(name).sent}=${encoded(value).sent}`)
            .join('&');
          const res = await ask(`?${query}`);
          expect(res.statusCode, describeAnswer(res)).toBe(200);
          expect(res.body).toBe(plain.body);
        }),
        { numRuns: RUNS, timeout: HUNG_AFTER_MS },
      );
      expect(await shopDigest(t.app.database.db), 'the shop data changed').toBe(before);
    });

    it(`POST /api/review refuses ${RUNS} hostile reviews`, async () => {
      const reviewForm = formLike({
        rating: fc.integer({ min: 1, max: 5 }),
        description: formText({ maxLength: 40 }),
      });
      await expectAllRefused(hostileBodies(reviewForm), (body) => {
        fc.pre(!shopMayTake(mayTake.review, body));
        return { method: 'POST', url: '/api/review', ...withBody(customer.bearer, body) };
      });
    });

    it(`POST /api/contact refuses ${RUNS} hostile questions`, async () => {
      const contactForm = formLike({
        email: fc.constantFrom('asker@example.com', 'Asker+Parts@Mail.Example.de', 'asker@'),
        question: formText({ maxLength: 40 }),
      });
      await expectAllRefused(hostileBodies(contactForm), (body) => {
        fc.pre(!shopMayTake(mayTake.question, body));
        return { method: 'POST', url: '/api/contact', ...withBody({}, body) };
      });
    });

    it(`POST /api/orders refuses ${RUNS} hostile orders`, async () => {
      const orderForm = formLike({
        orderId: fc.oneof(fc.constant(partId), fc.uuid(), spoiledIds(partId)),
        orderQuantity: fc.integer({ min: 2, max: 10 }),
        phone: formText({ maxLength: 20 }),
        address: formText({ maxLength: 40 }),
      });
      await expectAllRefused(hostileBodies(orderForm), (body) => {
        // A well-formed order for an unknown part is refused too (404); one for the part is not.
        fc.pre(!shopMayTake((value) => mayTake.order(value, partId), body));
        return { method: 'POST', url: '/api/orders', ...withBody(customer.bearer, body) };
      });
    });

    const cartLine = formLike({
      quantity: fc.integer({ min: 1, max: 10 }),
      unitPrice: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(9.99, 100) },
        { weight: 1, arbitrary: fc.constantFrom(1e-9, 0, -1, 1_000_000) },
      ),
    });

    it(`PUT /api/cart/lines/:partId refuses ${RUNS} hostile lines`, async () => {
      const inputs = fc.record({
        part: fc.oneof(fc.constant<Segment>({ sent: partId, seen: partId }), idSegments(partId)),
        body: hostileBodies(cartLine),
      });
      await expectAllRefused(inputs, ({ part, body }) => {
        // A good line for the fixture part would go in the cart; any other part is not there.
        fc.pre(!(namesId(part, partId) && shopMayTake(mayTake.cartLine, body)));
        return {
          method: 'PUT',
          url: `/api/cart/lines/${part.sent}`,
          ...withBody(customer.bearer, body),
        };
      });
    });

    it(`POST /api/cart/merge refuses ${RUNS} hostile carts`, async () => {
      const line = formLike({
        partId: fc.oneof(fc.constant(partId), fc.uuid(), spoiledIds(partId)),
        quantity: fc.integer({ min: 1, max: 10 }),
        unitPrice: fc.constantFrom(9.99, 100, 1e-9, -1),
      });
      const carts = formLike({
        lines: fc.oneof(
          fc.array(line, { maxLength: 3 }),
          // Past the cart's room.
          fc.array(line, { minLength: 51, maxLength: 52 }),
          anyValue,
        ),
      });
      await expectAllRefused(hostileBodies(carts), (body) => {
        fc.pre(!shopMayTake(mayTake.cartMerge, body));
        return { method: 'POST', url: '/api/cart/merge', ...withBody(customer.bearer, body) };
      });
    });

    it(`POST /api/cart/checkout refuses ${RUNS} hostile checkouts of a cart that could be ordered`, async () => {
      const checkoutForm = formLike({
        phone: formText({ maxLength: 20 }),
        address: formText({ maxLength: 40 }),
      });
      await expectAllRefused(hostileBodies(checkoutForm), (body) => {
        fc.pre(!shopMayTake(mayTake.checkout, body));
        return { method: 'POST', url: '/api/cart/checkout', ...withBody(customer.bearer, body) };
      });
    });

    it(`POST /api/cart/checkout refuses ${RUNS} hostile idempotency keys with a good checkout`, async () => {
      // Header values Node lets through: no line breaks or other control characters.
      const key = hostileText
        .map((text) => text.replace(/[^ -~\u0080-\u00ff]/g, ''))
        .filter((text) => text.length < 200)
        .filter((text) => !/^[\w-]{8,100}$/.test(text.trim()));
      await expectAllRefused(key, (idempotencyKey) => ({
        method: 'POST',
        url: '/api/cart/checkout',
        headers: { ...customer.bearer, 'idempotency-key': idempotencyKey },
        payload: { phone: '+1 555 0100', address: '1 Pit Lane' },
      }));
    });

    const vehicleForm = formLike({
      make: formText({ minLength: 1, maxLength: 20 }),
      model: formText({ minLength: 1, maxLength: 20 }),
      generation: fc.oneof(fc.constant(null), formText({ maxLength: 10 })),
      yearFrom: fc.integer({ min: 1940, max: 2110 }),
      yearTo: fc.integer({ min: 1940, max: 2110 }),
      trim: fc.oneof(fc.constant(null), formText({ maxLength: 10 })),
      engine: fc.oneof(fc.constant(null), formText({ maxLength: 10 })),
    });

    it(`POST /api/manage/vehicles refuses ${RUNS} hostile vehicles`, async () => {
      await expectAllRefused(hostileBodies(vehicleForm), (body) => {
        fc.pre(!shopMayTake(mayTake.vehicle, body));
        return { method: 'POST', url: '/api/manage/vehicles', ...withBody(admin.bearer, body) };
      });
    });

    it(`PUT /api/manage/vehicles/:id refuses ${RUNS} hostile edits`, async () => {
      const inputs = fc.record({
        vehicle: fc.oneof(
          fc.constant<Segment>({ sent: vehicleId, seen: vehicleId }),
          idSegments(vehicleId),
        ),
        body: hostileBodies(vehicleForm),
      });
      await expectAllRefused(inputs, ({ vehicle, body }) => {
        fc.pre(!(namesId(vehicle, vehicleId) && shopMayTake(mayTake.vehicle, body)));
        return {
          method: 'PUT',
          url: `/api/manage/vehicles/${vehicle.sent}`,
          ...withBody(admin.bearer, body),
        };
      });
    });

    it(`DELETE /api/manage/vehicles/:id refuses ${RUNS} hostile ids`, async () => {
      await expectAllRefused(idSegments(vehicleId), (vehicle) => {
        fc.pre(!namesId(vehicle, vehicleId));
        return {
          method: 'DELETE',
          url: `/api/manage/vehicles/${vehicle.sent}`,
          headers: admin.bearer,
        };
      });
    });

    it(`PUT /api/manage/parts/:id/fitment refuses ${RUNS} hostile fitments`, async () => {
      const fitmentForm = formLike({
        universal: fc.boolean(),
        vehicleIds: fc.oneof(
          fc.array(fc.oneof(fc.constant(vehicleId), fc.uuid(), spoiledIds(vehicleId)), {
            maxLength: 3,
          }),
          fc.array(fc.constant(vehicleId), { minLength: 501, maxLength: 502 }),
          anyValue,
        ),
      });
      const inputs = fc.record({
        part: fc.oneof(fc.constant<Segment>({ sent: partId, seen: partId }), idSegments(partId)),
        body: hostileBodies(fitmentForm),
      });
      await expectAllRefused(inputs, ({ part, body }) => {
        fc.pre(
          !(
            namesId(part, partId) && shopMayTake((value) => mayTake.fitment(value, vehicleId), body)
          ),
        );
        return {
          method: 'PUT',
          url: `/api/manage/parts/${part.sent}/fitment`,
          ...withBody(admin.bearer, body),
        };
      });
    });

    const garageForm = () =>
      formLike({
        vehicles: fc.oneof(
          fc.array(
            fc.oneof(
              fc.constant(vehicleKey),
              fc.constant('2030-lamborghini-huracan-evo'),
              hostileText,
            ),
            { maxLength: 3 },
          ),
          fc.array(fc.constant(vehicleKey), { minLength: 6, maxLength: 7 }),
          anyValue,
        ),
        current: fc.oneof(fc.constant(null), fc.constant(vehicleKey), hostileText),
      });

    it(`PUT /api/garage refuses ${RUNS} hostile garages`, async () => {
      await expectAllRefused(hostileBodies(garageForm()), (body) => {
        fc.pre(!shopMayTake((value) => mayTake.garage(value, vehicleKey), body));
        return { method: 'PUT', url: '/api/garage', ...withBody(customer.bearer, body) };
      });
    });

    it(`POST /api/garage/merge refuses ${RUNS} hostile garages`, async () => {
      await expectAllRefused(hostileBodies(garageForm()), (body) => {
        // A well-formed garage naming vehicles the shop does not sell for is merged without them.
        fc.pre(!shopMayTake((value) => mayTake.garage(value, vehicleKey), body));
        fc.pre(!shopMayTake(mayTake.garageForm, body));
        return { method: 'POST', url: '/api/garage/merge', ...withBody(customer.bearer, body) };
      });
    });

    it(`PATCH /api/orders/:id refuses ${RUNS} hostile payment notices`, async () => {
      const inputs = fc.record({
        order: fc.oneof(
          fc.constant<Segment>({ sent: orderId, seen: orderId }),
          idSegments(orderId),
        ),
        body: hostileBodies(formLike({ transactionId: formText({ minLength: 1, maxLength: 30 }) })),
      });
      await expectAllRefused(inputs, ({ order, body }) => {
        fc.pre(!(namesId(order, orderId) && shopMayTake(mayTake.paymentNotice, body)));
        return {
          method: 'PATCH',
          url: `/api/orders/${order.sent}`,
          ...withBody(customer.bearer, body),
        };
      });
    });

    it(`PUT /api/allorders/:id refuses ${RUNS} hostile ids`, async () => {
      // The fixture order is unpaid, so even its own id is refused (409): all ids are fair game.
      const inputs = fc.record({
        order: fc.oneof(
          fc.constant<Segment>({ sent: orderId, seen: orderId }),
          idSegments(orderId),
        ),
        body: junkBody,
      });
      await expectAllRefused(inputs, ({ order, body }) => ({
        method: 'PUT',
        url: `/api/allorders/${order.sent}`,
        ...withBody(admin.bearer, body),
      }));
    });

    it(`POST /api/create-payment-intent refuses ${RUNS} hostile requests`, async () => {
      const intentForm = formLike({
        orderId: fc.oneof(fc.constant(orderId), fc.uuid(), spoiledIds(orderId)),
        price: fc.oneof(fc.constant(0.01), hostileNumber),
      });
      await expectAllRefused(hostileBodies(intentForm), (body) => {
        // Asking for the fixture order's intent again would succeed; anything else must not.
        fc.pre(!shopMayTake((value) => mayTake.paymentIntent(value, orderId), body));
        return {
          method: 'POST',
          url: '/api/create-payment-intent',
          ...withBody(customer.bearer, body),
        };
      });
    });

    it(`POST /api/payments/builtin/confirm refuses ${RUNS} hostile card payments`, async () => {
      const goodCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
      // The route's card schema lives in the route, not the contract: these cards break it by
      // construction, each in one field (a wrong type, a missing field, or too long).
      const notText = fc.oneof(
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.constant({ $gt: '' }),
      );
      const notWhole = fc.oneof(
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.constantFrom(1.5, -0.5, 1e-9, 2 ** 53 + 2),
        fc.string({ maxLength: 5 }),
        fc.constant({ $gt: 0 }),
      );
      const brokenCard = fc.oneof(
        fc
          .oneof(notText, fc.string({ minLength: 31, maxLength: 64 }))
          .map((number) => ({ ...goodCard, number })),
        notWhole.map((expMonth) => ({ ...goodCard, expMonth })),
        notWhole.map((expYear) => ({ ...goodCard, expYear })),
        fc
          .oneof(notText, fc.string({ minLength: 5, maxLength: 20 }))
          .map((cvc) => ({ ...goodCard, cvc })),
      );
      const strangeSecrets = fc.oneof(
        hostileText,
        fc.constantFrom(
          `${clientSecret} `,
          clientSecret.toUpperCase(),
          clientSecret.slice(0, -1),
          `${clientSecret}' OR '1'='1`,
          `${clientSecret}\u0000`,
          clientSecret.split('_secret_')[0] ?? '',
          "' OR client_secret LIKE '%",
          '%',
        ),
      );
      const inputs = fc.oneof(
        // The real secret with a broken card (or body): refused by the schema, before any charge.
        hostileBodies(
          fc.oneof(
            brokenCard.map((card) => ({ clientSecret, card })),
            formLike({ card: brokenCard }).map((form) =>
              isRecord(form) ? { ...form, clientSecret } : form,
            ),
          ),
        ),
        // A secret that is not the fixture's, with any card, the good one included: not found.
        hostileBodies(
          formLike({
            clientSecret: strangeSecrets,
            card: fc.oneof(fc.constant(goodCard), brokenCard, anyValue),
          }),
        ),
      );
      await expectAllRefused(inputs, (body) => {
        fc.pre(!shopMayTake((value) => mayTake.cardPayment(value, clientSecret), body));
        return { method: 'POST', url: '/api/payments/builtin/confirm', ...withBody({}, body) };
      });
    });

    it(`PUT /api/user/:email refuses ${RUNS} hostile token requests`, async () => {
      const inputs = fc.record({
        email: fc.oneof(
          fc.constant<Segment>({ sent: customer.email, seen: customer.email }),
          emailSegments(customer.email, admin.email),
        ),
        body: fc.option(hostileBodies(formLike({ email: fc.constant(customer.email) })), {
          nil: undefined,
          freq: 5,
        }),
      });
      await expectAllRefused(inputs, ({ email, body }) => {
        // Its own account's token is no refusal.
        const bodyTaken = body === undefined || shopMayTake(mayTake.tokenRequest, body);
        fc.pre(!(namedAccount(email.seen) === customer.email && bodyTaken));
        return {
          method: 'PUT',
          url: `/api/user/${email.sent}`,
          ...withBody(customer.bearer, body),
        };
      });
    });

    it(`PUT /api/user/admin/:email refuses ${RUNS} hostile emails`, async () => {
      const inputs = fc.record({
        email: emailSegments(customer.email, admin.email),
        body: junkBody,
      });
      await expectAllRefused(inputs, ({ email, body }) => {
        // Any existing account's email, however spelled, names a real account: not hostile input.
        const named = namedAccount(email.seen);
        fc.pre(named !== customer.email && named !== admin.email);
        return {
          method: 'PUT',
          url: `/api/user/admin/${email.sent}`,
          ...withBody(admin.bearer, body),
        };
      });
    });

    const profileForm = formLike({
      education: formText({ maxLength: 40 }),
      location: formText({ maxLength: 40 }),
      phone: formText({ maxLength: 20 }),
      linkedin: fc.constantFrom('https://www.linkedin.com/in/ada', 'javascript:alert(1)'),
    });

    for (const method of ['POST', 'PUT'] as const) {
      it(`${method} /api/profile/:email refuses ${RUNS} hostile profiles`, async () => {
        const inputs = fc.record({
          email: fc.oneof(
            fc.constant<Segment>({ sent: customer.email, seen: customer.email }),
            emailSegments(customer.email, admin.email),
          ),
          body: hostileBodies(profileForm),
        });
        await expectAllRefused(inputs, ({ email, body }) => {
          fc.pre(
            !(namedAccount(email.seen) === customer.email && shopMayTake(mayTake.profile, body)),
          );
          return {
            method,
            url: `/api/profile/${email.sent}`,
            ...withBody(customer.bearer, body),
          };
        });
      });
    }

    /** Emails for the sign-in and sign-up forms: mostly not emails; now and then a real-looking one. */
    const formEmail = fc.oneof(
      {
        weight: 1,
        arbitrary: fc.constantFrom('ada@example.com', 'new@example.com', 'ADA@EXAMPLE.COM'),
      },
      { weight: 1, arbitrary: fc.emailAddress() },
      { weight: 10, arbitrary: anyValue },
    );

    // Never a fixture's password: these are all wrong, when not malformed.
    const formPassword = fc.string({ minLength: 6, maxLength: 20 });
    it(`POST /api/sign-up refuses ${RUNS} hostile sign-ups`, async () => {
      const signUpForm = formLike({
        name: formText({ minLength: 1, maxLength: 20 }),
        email: formEmail,
        password: formPassword,
      });
      await expectAllRefused(hostileBodies(signUpForm), (body) => {
        fc.pre(!shopMayTake(mayTake.signUp, body));
        return { method: 'POST', url: '/api/sign-up', ...withBody(browserHeaders, body) };
      });
    });

    it(`POST /api/sign-up/confirm refuses ${RUNS} hostile confirmations`, async () => {
      // No link was ever mailed: whatever the token, nothing opens an account.
      const confirmForm = formLike({
        token: fc.oneof(fc.string({ minLength: 43, maxLength: 43 }), formText({ maxLength: 60 })),
        password: formPassword,
      });
      await expectAllRefused(hostileBodies(confirmForm), (body) => ({
        method: 'POST',
        url: '/api/sign-up/confirm',
        ...withBody(browserHeaders, body),
      }));
    });

    it.each([
      {
        what: 'sign-ins',
        endpoint: 'sign-in/email',
        rule: mayTake.signIn,
        form: formLike({ email: formEmail, password: formPassword }),
      },
    ])(
      `POST /api/auth/$endpoint refuses ${RUNS} hostile $what`,
      async ({ endpoint, rule, form }) => {
        await expectAllRefused(hostileAuthBodies(form), (body) => {
          fc.pre(!authMayTake(rule, body));
          return {
            method: 'POST',
            url: `/api/auth/${endpoint}`,
            ...withBody(browserHeaders, body),
          };
        });
      },
    );

    describe('with Stripe taking the payments', () => {
      const WEBHOOK_SECRET = 'whsec_hostile_input';
      let stripeShop: TestApp;
      let unpaidOrderId: string;

      beforeAll(async () => {
        stripeShop = await createTestApp({
          limits: { enabled: false, writesPerMinute: 100_000, redisUrl: null },
          payments: {
            provider: 'stripe',
            secretKey: 'sk_test_hostile',
            publishableKey: 'pk_test_hostile',
            webhookSecret: WEBHOOK_SECRET,
            // Nothing here may reach Stripe: a refused notice is refused before any call.
            apiUrl: new URL('http://127.0.0.1:9'),
          },
        });
        const buyer = await signUp(stripeShop.app, { email: 'grace@example.com' });
        const part = await makePart(stripeShop.app.database.db, { stock: 10, minOrder: 1 });
        unpaidOrderId = await placeOrderId(stripeShop.app, buyer, part.id, 1);
      });

      afterAll(() => stripeShop.close());

      it(`POST /api/payments/webhook refuses ${RUNS} unsigned or forged payment notices`, async () => {
        // Notices that would mark the fixture order paid, were they believed.
        const forgedNotice = fc
          .record({
            id: fc.oneof(fc.constant('evt_forged'), anyValue),
            type: fc.oneof(fc.constant('payment_intent.succeeded'), anyValue),
            data: fc.oneof(
              fc.record({
                object: fc.record({
                  id: fc.oneof(fc.constant('pi_forged'), anyValue),
                  amount: fc.oneof(fc.constant(12_345), hostileNumber),
                  metadata: fc.record({ orderId: fc.oneof(fc.constant(unpaidOrderId), anyValue) }),
                }),
              }),
              anyValue,
            ),
          })
          .map(jsonOf);
        const payload = fc.oneof(
          { weight: 6, arbitrary: forgedNotice },
          { weight: 2, arbitrary: anyValue.map(jsonOf) },
          { weight: 1, arbitrary: brokenJson },
          { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
          { weight: 1, arbitrary: deeplyNested },
          { weight: 1, arbitrary: oversized },
        );
        const now = () => Math.floor(Date.now() / 1000);
        // Every signature here is wrong: missing, malformed, made with another secret, too old,
        // or made for other bytes. Only the exact bytes, signed lately with the secret, may pass.
        const signature = fc.constantFrom(
          'none',
          'another secret',
          'an hour old',
          'other bytes',
          'malformed',
          'hostile',
        );
        const inputs = fc.record({
          payload,
          signature,
          hostileSignature: hostileText.filter((text) => text.length < 500).map(overHttp),
          malformedSignature: fc.constantFrom(
            '',
            't=',
            'v1=',
            't=abc,v1=def',
            `t=${now()}`,
            `t=${now()},v1=`,
            `t=${now()},v0=${'0'.repeat(64)}`,
            `t=${now()},v1=${'0'.repeat(64)},v1=${'f'.repeat(64)}`,
            `t=-1,v1=${'0'.repeat(64)}`,
            `t=1e309,v1=${'0'.repeat(64)}`,
          ),
          contentType: fc.oneof(fc.constant('application/json'), wrongContentType),
        });
        const sign = (payload: string, secret: string, timestamp?: number) =>
          Stripe.webhooks.generateTestHeaderString({
            payload,
            secret,
            ...(timestamp === undefined ? {} : { timestamp }),
          });
        type Notice = typeof inputs extends fc.Arbitrary<infer Value> ? Value : never;
        const signatureFor = (input: Notice): string | undefined => {
          switch (input.signature) {
            case 'none':
              return undefined;
            case 'another secret':
              return sign(input.payload, 'whsec_not_the_shops');
            case 'an hour old':
              return sign(input.payload, WEBHOOK_SECRET, now() - 3600);
            case 'other bytes':
              return sign(`${input.payload} `, WEBHOOK_SECRET);
            case 'malformed':
              return input.malformedSignature;
            case 'hostile':
              return input.hostileSignature;
          }
        };
        await expectAllRefused(
          inputs,
          (input) => {
            const stripeSignature = signatureFor(input);
            return {
              method: 'POST',
              url: '/api/payments/webhook',
              ...withBody(
                stripeSignature === undefined ? {} : { 'stripe-signature': stripeSignature },
                { contentType: input.contentType, payload: input.payload },
              ),
            };
          },
          stripeShop,
        );
      });
    });
  },
);
