/*
 * What the shop may take, request by request: the hostile-input suite sends everything else and
 * expects a refusal. The rules are written out here from the requirements (docs/requirements.md,
 * the forms' limits), not read from the contract's schemas, so a schema loosened by mistake
 * (a limit dropped, a trim lost, a check made optional) lets a request through that this table
 * calls invalid, and the suite fails.
 *
 * Each entry says the most a request may be and still be taken. Where the shop rightly refuses
 * more than an entry does (an address the HTML e-mail input accepts and the shop does not, a
 * password on the common list), the request is not sent; a request the entry calls invalid
 * must be refused.
 */

import type { Body } from './requests';

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A text field: a string that, trimmed as the shop trims it, has `min` to `max` characters
 * (as a person counts them: an emoji is one, not JavaScript's two), with no NUL (PostgreSQL
 * cannot store one in text, so the right answer to it is a 400).
 */
function isText(value: unknown, { min = 0, max }: { min?: number; max: number }): boolean {
  if (typeof value !== 'string' || value.includes('\u0000')) return false;
  const length = Array.from(value.trim()).length;
  return length >= min && length <= max;
}

/** A model year and a vehicle, as `2019-lamborghini-huracan-evo`. */
const isVehicleKey = (value: unknown) =>
  typeof value === 'string' &&
  value.length <= 100 &&
  /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);

/** An optional text field: left out, or text as above. */
const isOptionalText = (value: unknown, max: number) =>
  value === undefined || isText(value, { max });

/** A whole number from `min` to `max`. */
const isWhole = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Units of stock, an order's quantity, a restock: at most a million. */
const MAX_UNITS = 1_000_000;

/** A price: from a cent to $999,999.99, in whole cents (a float's noise aside). */
const isPrice = (value: unknown) =>
  typeof value === 'number' &&
  value >= 0.01 &&
  value <= 999_999.99 &&
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * An address as the HTML e-mail input takes it (the WHATWG pattern), up to the 254 characters mail
 * can carry. The shop takes less (decision 006), never more.
 */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const isEmailAddress = (value: unknown) =>
  isText(value, { min: 1, max: 254 }) && HTML_EMAIL.test((value as string).trim());

/** A part's picture: one this shop serves, or an http or https address with a host. */
const SITE_PICTURE = /^\/(?:images|uploads)\/parts\/[a-z0-9-]{1,80}\.(?:svg|png|jpg|webp)$/;
function isPicture(value: unknown): boolean {
  if (!isText(value, { min: 1, max: 2048 })) return false;
  const image = (value as string).trim();
  if (SITE_PICTURE.test(image)) return true;
  try {
    const url = new URL(image);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Add A Product and the edit form: what describes a part. */
const isPartDetails = (part: Record<string, unknown>) =>
  isText(part.name, { min: 1, max: 120 }) &&
  isWhole(part.minorder, 1, MAX_UNITS) &&
  isPrice(part.price) &&
  isPicture(part.image) &&
  isText(part.description, { max: 2000 });

/** The same id, as the shop looks ids up: ids are lowercase UUIDs, compared case-insensitively. */
const sameId = (value: unknown, id: string) =>
  typeof value === 'string' && value.toLowerCase() === id;

/** How a route reads an account's address from its path: trimmed, any case. */
export const namedAccount = (seen: string | null) => seen?.trim().toLowerCase() ?? null;

/**
 * The requests each write endpoint may take, given the fixtures they name (the one part, the one
 * order, the one activity entry). Unknown fields are ignored by every route, as the spec's client
 * sends some.
 */
export const mayTake = {
  /** POST /api/parts: a new part, with stock for at least one order. */
  newPart: (body: unknown) =>
    isRecord(body) &&
    isPartDetails(body) &&
    isWhole(body.quantity, 0, MAX_UNITS) &&
    (body.quantity as number) >= (body.minorder as number),

  /** PUT /api/parts/:id: the part's details and the version the form was opened with. */
  partEdit: (body: unknown) =>
    isRecord(body) && isPartDetails(body) && isWhole(body.version, 1, Infinity),

  /** POST /api/parts/:id/restock. */
  restock: (body: unknown) => isRecord(body) && isWhole(body.units, 1, MAX_UNITS),

  /** POST /api/review: one to five whole stars, and an optional description. */
  review: (body: unknown) =>
    isRecord(body) && isWhole(body.rating, 1, 5) && isOptionalText(body.description, 2000),

  /** POST /api/contact: an address to answer, and a question. */
  question: (body: unknown) =>
    isRecord(body) && isEmailAddress(body.email) && isText(body.question, { min: 1, max: 2000 }),

  /** POST /api/orders, for the fixture part: any whole quantity is a fair question (409 or 201). */
  order: (body: unknown, partId: string) =>
    isRecord(body) &&
    typeof body.orderId === 'string' &&
    sameId(body.orderId.trim(), partId) &&
    isWhole(body.orderQuantity, 1, MAX_UNITS) &&
    isOptionalText(body.phone, 40) &&
    isOptionalText(body.address, 500),

  /** PUT /api/cart/lines/:partId: how many, and the unit price the customer was shown. */
  cartLine: (body: unknown) =>
    isRecord(body) && isWhole(body.quantity, 1, MAX_UNITS) && isPrice(body.unitPrice),

  /** POST /api/cart/merge: a visitor's cart, at most 50 lines of a part id and a line as above. */
  cartMerge: (body: unknown) =>
    isRecord(body) &&
    Array.isArray(body.lines) &&
    body.lines.length <= 50 &&
    body.lines.every(
      (line) =>
        isRecord(line) &&
        isText(line.partId, { min: 1, max: 64 }) &&
        isWhole(line.quantity, 1, MAX_UNITS) &&
        isPrice(line.unitPrice),
    ),

  /** POST /api/cart/checkout: where the order goes, as on the order form. */
  checkout: (body: unknown) =>
    isRecord(body) && isOptionalText(body.phone, 40) && isOptionalText(body.address, 500),

  /**
   * POST /api/manage/vehicles and PUT /api/manage/vehicles/:id: a make (1–40 characters) and a
   * model (1–60); a generation (40), trim (60) and engine (80) that may be left out or null; and
   * model years from 1950 to 2100, the last not before the first.
   */
  vehicle: (body: unknown) =>
    isRecord(body) &&
    isText(body.make, { min: 1, max: 40 }) &&
    isText(body.model, { min: 1, max: 60 }) &&
    [
      ['generation', 40],
      ['trim', 60],
      ['engine', 80],
    ].every(([field, max]) => {
      const value = body[field as string];
      return value === null || isOptionalText(value, max as number);
    }) &&
    isWhole(body.yearFrom, 1950, 2100) &&
    isWhole(body.yearTo, 1950, 2100) &&
    (body.yearTo as number) >= (body.yearFrom as number),

  /**
   * PUT /api/garage and POST /api/garage/merge: at most 5 different vehicles, each the fixture's
   * key (the only vehicle the shop sells for), and the current one null or among them.
   */
  garage: (body: unknown, vehicleKey: string) =>
    isRecord(body) &&
    Array.isArray(body.vehicles) &&
    body.vehicles.length <= 5 &&
    body.vehicles.every((key) => key === vehicleKey) &&
    new Set(body.vehicles).size === body.vehicles.length &&
    (body.current === null || body.vehicles.includes(body.current)),

  /**
   * POST /api/garage/merge: a garage of the right form, whatever vehicles its keys name (a year of
   * four digits and a slug, at most 100 characters); the merge leaves out those it does not sell for.
   */
  garageForm: (body: unknown) =>
    isRecord(body) &&
    Array.isArray(body.vehicles) &&
    body.vehicles.length <= 5 &&
    body.vehicles.every(isVehicleKey) &&
    new Set(body.vehicles).size === body.vehicles.length &&
    (body.current === null || body.vehicles.includes(body.current)),

  /** PUT /api/manage/parts/:id/fitment: universal or not, and vehicles that exist (at most 500). */
  fitment: (body: unknown, vehicleId: string) =>
    isRecord(body) &&
    typeof body.universal === 'boolean' &&
    Array.isArray(body.vehicleIds) &&
    body.vehicleIds.length <= 500 &&
    body.vehicleIds.every((id) => sameId(id, vehicleId)),

  /** PATCH /api/orders/:id: the page's payment notice. */
  paymentNotice: (body: unknown) =>
    isRecord(body) && isText(body.transactionId, { min: 1, max: 255 }),

  /** POST /api/create-payment-intent, for the fixture order (the spec's client sends a price). */
  paymentIntent: (body: unknown, orderId: string) =>
    isRecord(body) &&
    sameId(body.orderId, orderId) &&
    (body.price === undefined || typeof body.price === 'number'),

  /** POST and PUT /api/profile/:email: four optional fields. */
  profile: (body: unknown) =>
    isRecord(body) &&
    ['education', 'location', 'phone', 'linkedin'].every((field) =>
      isOptionalText(body[field], 200),
    ),

  /**
   * POST /api/payments/builtin/confirm, for the fixture payment: a card's fields of the right
   * kinds and lengths (whether the card is good is the processor's answer, not a refusal).
   */
  cardPayment: (body: unknown, clientSecret: string) =>
    isRecord(body) &&
    body.clientSecret === clientSecret &&
    isRecord(body.card) &&
    typeof body.card.number === 'string' &&
    body.card.number.length <= 30 &&
    Number.isInteger(body.card.expMonth) &&
    Number.isInteger(body.card.expYear) &&
    typeof body.card.cvc === 'string' &&
    body.card.cvc.length <= 4,

  /** PUT /api/user/:email, for one's own account: no body, or an object with an optional address. */
  tokenRequest: (body: unknown) =>
    body === undefined ||
    (isRecord(body) && (body.email === undefined || typeof body.email === 'string')),

  /** GET /api/activity?before=: a page starting at an entry that exists. */
  activityPage: (before: string | null, entryId: string) => sameId(before, entryId),

  /** POST /api/sign-up: a name, an address, a new password (8 to 128 characters, not only spaces). */
  signUp: (body: unknown) =>
    isRecord(body) &&
    isText(body.name, { min: 1, max: 100 }) &&
    isEmailAddress(body.email) &&
    typeof body.password === 'string' &&
    body.password.length >= 8 &&
    body.password.length <= 128 &&
    body.password.trim() !== '',

  /** POST /api/auth/sign-in/email: an address and a password as long as any ever accepted. */
  signIn: (body: unknown) =>
    isRecord(body) &&
    isEmailAddress(body.email) &&
    typeof body.password === 'string' &&
    body.password.length >= 6 &&
    body.password.length <= 128,
};

// ---------------------------------------------------------------------------------------------
// Which requests get past the parser to the route

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
export const shopMayTake = (allowed: (value: unknown) => boolean, body: Body) => {
  const parsed = parsedByShop(body);
  return parsed !== null && allowed(parsed.value);
};

/** The same for Better Auth's routes, which also read forms. */
export const authMayTake = (allowed: (value: unknown) => boolean, body: Body) => {
  const parsed = parsedByAuth(body);
  return parsed !== null && allowed(parsed.value);
};

/** The sorts a search of the parts offers (docs/decisions/012-part-search.md). */
const PART_SORTS = ['relevance', 'name', 'price', 'price-desc', 'newest'];

/**
 * A search of the parts: words of up to 200 characters, one of the sorts, `inStock` as true or
 * false, 1 to 100 parts a page, a cursor that is the id of a part on sale (`existingPart`), and
 * a vehicle the shop sells for in that year (`existingVehicle`). Every field may be left out.
 */
export function searchMayTake(
  query: Partial<Record<'q' | 'sort' | 'inStock' | 'limit' | 'cursor' | 'vehicle', string>>,
  existingPart: string,
  existingVehicle = '',
): boolean {
  const { q, sort, inStock, limit, cursor, vehicle } = query;
  const perPage = limit === undefined ? 12 : Number(limit);
  return (
    (q === undefined || isText(q, { max: 200 })) &&
    (sort === undefined || PART_SORTS.includes(sort)) &&
    (inStock === undefined || inStock === 'true' || inStock === 'false') &&
    Number.isInteger(perPage) &&
    perPage >= 1 &&
    perPage <= 100 &&
    (cursor === undefined || cursor === existingPart) &&
    (vehicle === undefined || vehicle === existingVehicle)
  );
}

/**
 * GET /api/manage/orders, /api/manage/users and /api/my-orders: a known state, a search of at most 254
 * characters (UTF-16 units, as the contract counts them) once trimmed, and a cursor the shop
 * handed out. Wildcards and quotes in the search are plain text, never a refusal.
 */
const ORDER_STATES = ['unpaid', 'pending', 'shipped', 'cancelled'];

export function pagedListMayTake(
  query: Partial<Record<'state' | 'q' | 'cursor', string>>,
  cursorsHandedOut: string[],
): boolean {
  const { state, q, cursor } = query;
  return (
    (state === undefined || ORDER_STATES.includes(state)) &&
    (q === undefined || (!q.includes('\u0000') && q.trim().length <= 254)) &&
    (cursor === undefined || cursorsHandedOut.includes(cursor))
  );
}
