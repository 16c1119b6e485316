import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PART_IMAGE_MAX_BYTES, PART_IMAGE_TYPES } from '@apex/contract';

import { auditLog } from '../src/db/schema';
import { sniffPartImage } from '../src/modules/catalog/part-images';
import { browserHeaders, type Caller, makeAdminDirectly, signUp } from './accounts-helpers';
import { shopDigest } from './db-digest';
import { makePart, makeReview } from './factories';
import { isRecord, mayTake, namedAccount } from './hostile-input-expectations';
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
 * (hostile-input-expectations.ts), never by the schemas under test: a schema loosened by mistake
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
// What hostile clients send

/** Text that has broken shops before: injections, markup, traversal and unicode edge cases. */
const nastyText = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE parts; --",
  '" UNION SELECT password FROM accounts --',
  '1)) OR pg_sleep(5) --',
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '${jndi:ldap://example.com/a}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '%252e%252e%252f',
  '%',
  '%zz',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '\u200b',
  '\u200d\u200c',
  '\ufeff',
  '\ud800',
  '\udfff',
  'a\ud800b',
  'Z̸̢͖̓a̵͈l̴g̸o̷',
  '🏎️💨',
  '\u0085\u2028\u2029',
  ' ',
  '\t\n\r',
  '',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  'true',
);

/** Longer than any field allows (the longest is an image address, 2,048); some exceed 64 KB. */
const hugeText = fc
  .integer({ min: 2_049, max: 70_000 })
  .chain((length) =>
    fc.constantFrom('A', ' ', 'é', '🏎', '\u0000', "'").map((c) => c.repeat(length)),
  );

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 4, arbitrary: nastyText },
  { weight: 1, arbitrary: hugeText },
);

/** Numbers, mostly ones no field takes: negative, fractional, huge; NaN and ±Infinity become null. */
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    2.001,
    0.001,
    1e-7,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1_000_001,
    999_999.999,
  ),
);

/** Objects that try to reach a prototype once parsed. */
const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"role":"admin","isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"role":"admin"}}}'),
  JSON.parse('{"prototype":{"polluted":true}}'),
);

/** Any JSON value a field should not accept. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 4 }) },
  { weight: 1, arbitrary: pollution },
);

/** Extra fields a form never sends, including the keys that reach for a prototype. */
const extraFields = fc.dictionary(
  fc.oneof(nastyText, fc.constantFrom('role', 'admin', 'id', '_id', 'userEmail', 'status')),
  anyValue,
  { maxKeys: 3 },
);

/**
 * Text one character past a length limit a form field has somewhere in the shop (a phone, a name,
 * a part's name, a profile field, an address, a description, an image address), or padded with
 * spaces to past it while the text itself is within it (trimmed, it is fine: the table says which).
 */
const pastALimit = fc
  .tuple(
    fc.constantFrom(40, 100, 120, 200, 254, 255, 500, 2000, 2048),
    fc.constantFrom('A', 'é', '🏎'),
    fc.boolean(),
  )
  .map(([limit, char, padded]) =>
    padded ? ` ${char.repeat(limit - 1)} ` : char.repeat(limit + 1),
  );

/**
 * Text a form field might hold; now and then with a NUL character, which PostgreSQL cannot store
 * in text, or just past a limit: a body carrying one is invalid input, however well-formed the rest.
 */
const formText = (constraints: { minLength?: number; maxLength: number }) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string(constraints) },
    { weight: 1, arbitrary: fc.string(constraints).map((text) => `${text.slice(1)}\u0000`) },
    { weight: 1, arbitrary: pastALimit },
  );

/**
 * Bodies shaped like a form's: each field plausible or hostile, any of them missing, unknown
 * fields added; or a plausible form with exactly one field spoiled or left out, which probes each
 * field's own check; or a plausible form as it is. Plausible values may still be invalid.
 */
function formLike(plausible: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const loose = fc
    .tuple(
      fc.record(
        Object.fromEntries(
          Object.entries(plausible).map(([name, value]) => [
            name,
            fc.oneof({ weight: 1, arbitrary: value }, { weight: 2, arbitrary: anyValue }),
          ]),
        ),
        { requiredKeys: [] },
      ),
      extraFields,
    )
    .map(([form, extra]) => ({ ...extra, ...form }));
  const oneFieldOff = fc
    .tuple(
      fc.record(plausible),
      fc.constantFrom(...Object.keys(plausible)),
      fc.option(anyValue, { nil: undefined }),
    )
    .map(([form, spoiled, value]) =>
      value === undefined
        ? Object.fromEntries(Object.entries(form).filter(([name]) => name !== spoiled))
        : { ...form, [spoiled]: value },
    );
  return fc.oneof(
    { weight: 3, arbitrary: loose },
    { weight: 3, arbitrary: oneFieldOff },
    // Every field plausible: invalid only through what the plausible values may hold.
    { weight: 1, arbitrary: fc.record(plausible) },
    { weight: 1, arbitrary: anyValue },
  );
}

/** A request body as it goes over the wire. */
interface Body {
  contentType: string | undefined;
  payload: string | Buffer;
}

const jsonText = (payload: string): Body => ({ contentType: 'application/json', payload });
/** JSON text of a value; `undefined` (a missing body) has none and is sent as nothing. */
const jsonOf = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));
const asJson = (value: unknown): Body => jsonText(jsonOf(value));

/** Text sent as JSON that is not JSON, or JSON that no parser should let through. */
const brokenJson = fc.constantFrom(
  '',
  ' ',
  '{',
  '}',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '{"a":}',
  '{"a":1}{"b":2}',
  '{"a":"\u0000"}',
  '{"a":"\\ud800"}',
  '{"rating":NaN}',
  '{"rating":Infinity}',
  '{"rating":-Infinity}',
  '{"rating":1e400}',
  '{"orderQuantity":-1e400}',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '\u0000',
  'undefined',
  'NaN',
  'true',
  '0',
  '"text"',
  'null',
  '[]',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":{"__proto__":{"role":"admin"}}}',
);

/** Arrays or objects nested deeply, whole or inside a field; the deepest exceed 64 KB. */
const deeplyNested = fc
  .tuple(fc.integer({ min: 100, max: 40_000 }), fc.boolean(), fc.constantFrom('', '"rating":'))
  .map(([depth, arrays, field]) => {
    const nest = arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '{"__proto__":1}' + '}'.repeat(depth);
    return field ? `{${field}${nest}}` : nest;
  });

/** Bodies over 1 MB: past the JSON limit (64 KB) and past any limit the shop has. */
const oversized = fc
  .integer({ min: 1_048_577, max: 1_100_000 })
  .map((length) => `{"description":"${'A'.repeat(length)}"}`);

/** Keys inserted into a JSON object's text, reaching for the prototype. */
const poisonKeys = fc.constantFrom(
  '"__proto__":{"role":"admin","isAdmin":true}',
  '"constructor":{"prototype":{"role":"admin"}}',
  '"__proto__":null',
);

function withKey(json: string, key: string): string {
  if (!json.startsWith('{') || json === '{}') return `{${key}}`;
  return `{${key},${json.slice(1)}`;
}

/**
 * Header values a real HTTP server lets through: the bytes of UTF-8 text, less the control bytes
 * Node's HTTP parser refuses (a NUL in a header never reaches the shop over a socket).
 */
const isRefusedControlByte = (byte: number) => (byte < 0x20 && byte !== 0x09) || byte === 0x7f;
const overHttp = (text: string) =>
  Buffer.from(Buffer.from(text, 'utf8').filter((byte) => !isRefusedControlByte(byte))).toString(
    'latin1',
  );

/** Content types the JSON routes do not take, or take in a form they should not. */
const wrongContentType = fc.oneof(
  fc.constantFrom(
    undefined,
    '',
    ';',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'image/png',
    'application/octet-stream',
    'application/json; charset=utf-16',
    'application/json; charset=""',
    'application/jsonp',
    'application/vnd.api+json',
    'APPLICATION/JSON',
    'application/json, text/plain',
    '*/*',
  ),
  hostileText.filter((text) => text.length < 200).map(overHttp),
);

/** Every way of sending a hostile body to a JSON route, around bodies shaped by `shape`. */
function hostileBodies(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 12, arbitrary: shape.map(asJson) },
    { weight: 2, arbitrary: brokenJson.map(jsonText) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }).map(jsonText) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shape, poisonKeys)
        .map(([value, key]) => jsonText(withKey(jsonOf(value), key))),
    },
    { weight: 1, arbitrary: deeplyNested.map(jsonText) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shape, wrongContentType)
        .map(([value, contentType]) => ({ contentType, payload: jsonOf(value) })),
    },
    { weight: 1, arbitrary: oversized.map(jsonText) },
  );
}

/** Better Auth also reads forms: the same hostile fields, form-encoded. */
function hostileAuthBodies(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  const asForm = (value: unknown): Body => {
    const form = new URLSearchParams();
    if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) form.append(key, String(field));
    }
    return { contentType: 'application/x-www-form-urlencoded', payload: form.toString() };
  };
  return fc.oneof(
    { weight: 6, arbitrary: hostileBodies(shape) },
    { weight: 1, arbitrary: shape.map(asForm) },
  );
}

/** A body for the routes that take none: absent, or junk that must not change the answer. */
const junkBody = fc.option(hostileBodies(anyValue), { nil: undefined, freq: 3 });

// ---------------------------------------------------------------------------------------------
// Which of those a route would still parse

/** Whether parsed JSON holds keys Fastify refuses (`__proto__`, `constructor.prototype`). */
function reachesForPrototype(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Object.hasOwn(next, '__proto__')) return true;
    const record = next as Record<string, unknown>;
    if (Object.hasOwn(next, 'constructor') && isRecord(record.constructor)) {
      if (Object.hasOwn(record.constructor, 'prototype')) return true;
    }
    pending.push(...Object.values(record));
  }
  return false;
}

const looksLikeJson = (contentType: string | undefined) =>
  contentType !== undefined && /json/i.test(contentType);

/** What one of the shop's JSON routes would hand its schema, or nothing when it refuses first. */
function parsedByShop(body: Body): { value: unknown } | null {
  if (!looksLikeJson(body.contentType)) return null;
  try {
    // Fastify's JSON parser skips a leading byte order mark, as JSON allows.
    const value: unknown = JSON.parse(body.payload.toString().replace(/^\ufeff/, ''));
    return reachesForPrototype(value) ? null : { value };
  } catch {
    return null;
  }
}

/** What Better Auth would read from a body (JSON or a form), or nothing when it refuses first. */
function parsedByAuth(body: Body): { value: unknown } | null {
  const text = body.payload.toString();
  if (body.contentType !== undefined && /x-www-form-urlencoded/i.test(body.contentType)) {
    return { value: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (body.contentType !== undefined && !looksLikeJson(body.contentType)) return null;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** Whether a JSON route should take this body: it gets past the parser, and the table allows it. */
const shopMayTake = (allowed: (value: unknown) => boolean, body: Body) => {
  const parsed = parsedByShop(body);
  return parsed !== null && allowed(parsed.value);
};

/** The same for Better Auth's routes, which also read forms. */
const authMayTake = (allowed: (value: unknown) => boolean, body: Body) => {
  const parsed = parsedByAuth(body);
  return parsed !== null && allowed(parsed.value);
};

// ---------------------------------------------------------------------------------------------
// Ids and emails in paths

/** A path segment as sent, and the parameter the route sees (null: nothing a fixture is named by). */
interface Segment {
  sent: string;
  seen: string | null;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte of the UTF-8 text (lone surrogates become U+FFFD, as on the wire). */
function encoded(text: string): Segment {
  const bytes = Buffer.from(text, 'utf8');
  const sent = [...bytes]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return { sent, seen: bytes.toString('utf8') };
}

/** Sent as typed: traversal, stray `%`, `?` and `#` included. Never built from a fixture's id. */
const raw = (text: string): Segment => ({ sent: text, seen: null });

/** Ids no part or order has: malformed, huge, SQL, unicode, traversal, random UUIDs. */
const strangeIds = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Beyond the 64 characters an id may have; past 100 Fastify refuses the path itself.
  { weight: 1, arbitrary: fc.integer({ min: 65, max: 5_000 }).map((n) => '9'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '99999999999999999999',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      '{}',
      '[]',
    ),
  },
);

/** A fixture's id, spoiled: it must not be taken for the fixture. */
const spoiledIds = (id: string) =>
  fc.constantFrom(
    `${id} `,
    ` ${id}`,
    `${id}\u0000`,
    `${id}\u200b`,
    `${id}' OR '1'='1`,
    `${id}/..`,
    `../${id}`,
    `${id}/../../allorders`,
    id.replaceAll('-', ''),
    `{${id}}`,
    id.slice(0, -1),
    `${id}0`,
    // Encoded once more: a route that decoded twice would find the fixture.
    encoded(id).sent.replace(/[0-9a-f]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
  );

/** Path segments for an id route: strange ids in any form, spoiled fixture ids encoded. */
const idSegments = (...fixtureIds: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: strangeIds.map(encoded) },
    { weight: 2, arbitrary: strangeIds.map(raw) },
    ...fixtureIds.map((id) => ({ weight: 1, arbitrary: spoiledIds(id).map(encoded) })),
  );

const namesId = (segment: Segment, id: string) => segment.seen?.toLowerCase() === id;

/** Emails in paths: no account's, in any form; fixtures' emails spoiled, or spelled otherwise. */
const emailSegments = (...fixtureEmails: string[]) => {
  const strange = fc.oneof(
    { weight: 3, arbitrary: nastyText },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.emailAddress() },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 255, max: 3_000 }).map((n) => `${'a'.repeat(n)}@x.io`),
    },
  );
  const spoiled = (email: string) =>
    fc.constantFrom(
      `${email}\u0000`,
      `${email}\u200b`,
      `\u202e${email}`,
      `${email}' OR '1'='1`,
      `${email}/..`,
      `../${email}`,
      email.replace('@', '%40'),
      email.replace('@', '＠'),
      email.replace('a', 'а'), // a Cyrillic а
      `${email},${email}`,
      // Spelled otherwise but the same account: each route's precondition drops these wherever
      // naming that account would rightly succeed.
      ` ${email.toUpperCase()} `,
      `${email}\u00a0`,
    );
  return fc.oneof(
    { weight: 4, arbitrary: strange.map(encoded) },
    { weight: 2, arbitrary: strange.map(raw) },
    ...fixtureEmails.map((email) => ({ weight: 1, arbitrary: spoiled(email).map(encoded) })),
  );
};

// ---------------------------------------------------------------------------------------------
// The shop under attack

// Input validation happens before the database, so one database shows it; this suite costs a
// minute, and the API suites already run on both databases.
describe.skipIf(process.env.TEST_DB === 'postgres')('hostile input to every write endpoint', () => {
  let t: TestApp;
  let uploadsDir: string;
  let admin: Caller;
  let customer: Caller;
  let partId: string;
  let orderId: string;
  let clientSecret: string;

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
    partId = (await makePart(db, { stock: 50, minOrder: 2 })).id;
    await makeReview(db);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.bearer,
      payload: { orderId: partId, orderQuantity: 2, phone: '+39 039 24821', address: '1 Pit Lane' },
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

  it(`POST /api/parts refuses ${RUNS} hostile new parts`, { timeout: 60_000 }, async () => {
    await expectAllRefused(hostileBodies(partForm), (body) => {
      fc.pre(!shopMayTake(mayTake.newPart, body));
      return { method: 'POST', url: '/api/parts', ...withBody(admin.bearer, body) };
    });
  });

  it(`PUT /api/parts/:id refuses ${RUNS} hostile edits`, { timeout: 60_000 }, async () => {
    const inputs = fc.record({
      part: fc.oneof(fc.constant<Segment>({ sent: partId, seen: partId }), idSegments(partId)),
      body: hostileBodies(partEdit),
    });
    await expectAllRefused(inputs, ({ part, body }) => {
      fc.pre(!(namesId(part, partId) && shopMayTake(mayTake.partEdit, body)));
      return { method: 'PUT', url: `/api/parts/${part.sent}`, ...withBody(admin.bearer, body) };
    });
  });

  it(
    `POST /api/parts/:id/restock refuses ${RUNS} hostile restocks`,
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(`DELETE /api/parts/:id refuses ${RUNS} hostile ids`, { timeout: 60_000 }, async () => {
    const inputs = fc.record({ part: idSegments(partId), body: junkBody });
    await expectAllRefused(inputs, ({ part, body }) => {
      fc.pre(!namesId(part, partId));
      return { method: 'DELETE', url: `/api/parts/${part.sent}`, ...withBody(admin.bearer, body) };
    });
  });

  it(
    `POST /api/part-images refuses ${RUNS} files that are not pictures`,
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(`GET /api/activity refuses ${RUNS} hostile pages`, { timeout: 60_000 }, async () => {
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

  it(`POST /api/review refuses ${RUNS} hostile reviews`, { timeout: 60_000 }, async () => {
    const reviewForm = formLike({
      rating: fc.integer({ min: 1, max: 5 }),
      description: formText({ maxLength: 40 }),
    });
    await expectAllRefused(hostileBodies(reviewForm), (body) => {
      fc.pre(!shopMayTake(mayTake.review, body));
      return { method: 'POST', url: '/api/review', ...withBody(customer.bearer, body) };
    });
  });

  it(`POST /api/contact refuses ${RUNS} hostile questions`, { timeout: 60_000 }, async () => {
    const contactForm = formLike({
      email: fc.constantFrom('asker@example.com', 'Asker+Parts@Mail.Example.de', 'asker@'),
      question: formText({ maxLength: 40 }),
    });
    await expectAllRefused(hostileBodies(contactForm), (body) => {
      fc.pre(!shopMayTake(mayTake.question, body));
      return { method: 'POST', url: '/api/contact', ...withBody({}, body) };
    });
  });

  it(`POST /api/orders refuses ${RUNS} hostile orders`, { timeout: 60_000 }, async () => {
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

  it(
    `PATCH /api/orders/:id refuses ${RUNS} hostile payment notices`,
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(`POST /api/orders/:id/cancel refuses ${RUNS} hostile ids`, { timeout: 60_000 }, async () => {
    const inputs = fc.record({ order: idSegments(orderId, partId), body: junkBody });
    await expectAllRefused(inputs, ({ order, body }) => {
      // The customer's own order, however the body looks, would rightly be cancelled.
      fc.pre(!namesId(order, orderId));
      return {
        method: 'POST',
        url: `/api/orders/${order.sent}/cancel`,
        ...withBody(customer.bearer, body),
      };
    });
  });

  it(`DELETE /api/allorders/:id refuses ${RUNS} hostile ids`, { timeout: 60_000 }, async () => {
    const inputs = fc.record({ order: idSegments(orderId, partId), body: junkBody });
    await expectAllRefused(inputs, ({ order, body }) => {
      fc.pre(!namesId(order, orderId));
      return {
        method: 'DELETE',
        url: `/api/allorders/${order.sent}`,
        ...withBody(admin.bearer, body),
      };
    });
  });

  it(`PUT /api/allorders/:id refuses ${RUNS} hostile ids`, { timeout: 60_000 }, async () => {
    // The fixture order is unpaid, so even its own id is refused (409): all ids are fair game.
    const inputs = fc.record({
      order: fc.oneof(fc.constant<Segment>({ sent: orderId, seen: orderId }), idSegments(orderId)),
      body: junkBody,
    });
    await expectAllRefused(inputs, ({ order, body }) => ({
      method: 'PUT',
      url: `/api/allorders/${order.sent}`,
      ...withBody(admin.bearer, body),
    }));
  });

  it(
    `POST /api/create-payment-intent refuses ${RUNS} hostile requests`,
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(
    `POST /api/payments/builtin/confirm refuses ${RUNS} hostile card payments`,
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(
    `PUT /api/user/:email refuses ${RUNS} hostile token requests`,
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(`PUT /api/user/admin/:email refuses ${RUNS} hostile emails`, { timeout: 60_000 }, async () => {
    const inputs = fc.record({ email: emailSegments(customer.email, admin.email), body: junkBody });
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
    it(
      `${method} /api/profile/:email refuses ${RUNS} hostile profiles`,
      { timeout: 60_000 },
      async () => {
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
      },
    );
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

  it(
    `POST /api/auth/sign-up/email refuses ${RUNS} hostile sign-ups`,
    { timeout: 60_000 },
    async () => {
      const signUpForm = formLike({
        name: formText({ minLength: 1, maxLength: 20 }),
        email: formEmail,
        password: fc.string({ minLength: 6, maxLength: 20 }),
      });
      await expectAllRefused(hostileAuthBodies(signUpForm), (body) => {
        fc.pre(!authMayTake(mayTake.signUp, body));
        return {
          method: 'POST',
          url: '/api/auth/sign-up/email',
          ...withBody(browserHeaders, body),
        };
      });
    },
  );

  it(
    `POST /api/auth/sign-in/email refuses ${RUNS} hostile sign-ins`,
    { timeout: 60_000 },
    async () => {
      const signInForm = formLike({
        email: formEmail,
        // Never a fixture's password: these are all wrong, when not malformed.
        password: fc.string({ minLength: 6, maxLength: 20 }),
      });
      await expectAllRefused(hostileAuthBodies(signInForm), (body) => {
        fc.pre(!authMayTake(mayTake.signIn, body));
        return {
          method: 'POST',
          url: '/api/auth/sign-in/email',
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
      const placed = await stripeShop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.bearer,
        payload: { orderId: part.id, orderQuantity: 1 },
      });
      expect(placed.statusCode).toBe(201);
      unpaidOrderId = placed.json<{ insertedId: string }>().insertedId;
    });

    afterAll(() => stripeShop.close());

    it(
      `POST /api/payments/webhook refuses ${RUNS} unsigned or forged payment notices`,
      { timeout: 60_000 },
      async () => {
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
      },
    );
  });
});
