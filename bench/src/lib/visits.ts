// The requests of the mixed load, one at a time, drawn from a busy day's mix: visitors browse
// (pages, the catalog, single parts, reviews; half of them revalidating with If-None-Match as a
// returning browser does), customers order, and the admin's Manage Orders page polls its first
// page of orders with its ETag.
import { type Answer, request } from './http';
import { orderRequest, type PreparedShop } from './shop';

export type Kind = 'page' | 'catalog' | 'part' | 'reviews' | 'order' | 'admin';

/** Shares of the paced requests; the admin's polling comes on top, on its own clock. */
const MIX: readonly [Kind, number][] = [
  ['page', 10],
  ['catalog', 30],
  ['part', 25],
  ['reviews', 25],
  ['order', 10],
];

/** A small seeded generator: every run draws the same mix in the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Visit {
  what: string;
  answer: Promise<Answer>;
  expected: number[];
}

export interface Visits {
  /** The next paced request's kind, by the shares of the mix. */
  pickKind(): Kind;
  send(kind: Kind): Visit;
}

export function shopVisits(base: string, shop: PreparedShop): Visits {
  const { customers, parts, adminToken } = shop;
  if (customers.length === 0 || parts.length === 0) throw new Error('no customers or parts');
  const draw = random(20_240_601);
  // Whether a visitor revalidates depends on having an ETag yet: its own stream keeps `draw`'s
  // sequence, and so the mix, the same from run to run.
  const coin = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(draw() * list.length)] as T;
  const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const pickKind = (): Kind => {
    let roll = draw() * totalWeight;
    for (const [kind, weight] of MIX) {
      roll -= weight;
      if (roll < 0) return kind;
    }
    return 'catalog';
  };

  const etags = new Map<string, string>();
  /** A GET that keeps each 200 answer's ETag, so a later GET of the path can revalidate. */
  const get = (path: string, headers: Record<string, string>, revalidate: () => boolean): Visit => {
    const etag = etags.get(path);
    if (etag && revalidate()) headers['if-none-match'] = etag;
    const answer = request(base, 'GET', path, { headers, discardBody: true });
    void answer.then(
      (got) => {
        if (got.status === 200 && typeof got.headers.etag === 'string') {
          etags.set(path, got.headers.etag);
        }
      },
      () => undefined,
    );
    return { what: `GET ${path}`, answer, expected: [200, 304] };
  };
  const encodings = { 'accept-encoding': 'gzip, deflate, br' };
  // Half the visitors come back with the copy they already hold.
  const browse = (path: string, accept = 'application/json') =>
    get(path, { accept, ...encodings }, () => coin() < 0.5);

  const send = (kind: Kind): Visit => {
    switch (kind) {
      case 'page':
        return browse('/', 'text/html,application/xhtml+xml');
      case 'catalog':
        return browse('/api/parts');
      case 'part':
        return browse(`/api/parts/${pick(parts).id}`);
      case 'reviews':
        return browse('/api/review');
      case 'order': {
        const answer = request(
          base,
          'POST',
          '/api/orders',
          orderRequest(pick(customers), pick(parts)),
        );
        return { what: 'POST /api/orders', answer, expected: [201] };
      }
      case 'admin':
        // Manage Orders asks for its first page again, always with the ETag of the copy it
        // shows (`apps/web/src/features/orders/api/order-pages.ts`).
        return get(
          '/api/manage/orders',
          { authorization: `Bearer ${adminToken}`, ...encodings },
          () => true,
        );
    }
  };
  return { pickKind, send };
}
