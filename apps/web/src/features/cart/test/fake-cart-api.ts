import { vi } from 'vitest';

import type { CartLine } from '@apex/contract';

import { json } from '@/test/render';
import { cartJson } from '@/test/wire';

export interface Call {
  method: string;
  url: string;
  body: unknown;
  /** The `Idempotency-Key` the request carried, if any. */
  idempotencyKey?: string | undefined;
}

interface FakeCartApi {
  /** Signed in as Ada (with an access token), or a visitor. */
  signedIn: boolean;
  lines?: CartLine[];
  /** The answer to `POST /cart/checkout`; placed as order o9 unless given. */
  checkout?: () => Response;
  /** Holds the session's answer until it settles: a page that is still starting. */
  sessionLoaded?: Promise<void>;
}

/**
 * The cart's API as the server answers it: a cart that PUT and DELETE change, and every call
 * recorded. Anything else answers null.
 */
export function fakeCartApi({
  signedIn,
  lines = [],
  checkout,
  sessionLoaded,
}: FakeCartApi): Call[] {
  const calls: Call[] = [];
  let cart = [...lines];
  if (signedIn) localStorage.setItem('accessToken', 'token-of-ada');
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method, url, body, idempotencyKey: headers.get('idempotency-key') ?? undefined });
    if (url === '/api/auth/get-session') {
      await sessionLoaded;
      return json(
        signedIn ? { user: { id: 'u1', name: 'Ada', email: 'ada@example.com' } } : null,
      )();
    }
    const partId = /^\/api\/cart\/lines\/(.+)$/.exec(url)?.[1];
    if (partId && method === 'PUT') {
      const { quantity, unitPrice } = body as { quantity: number; unitPrice: number };
      const set = (line: CartLine): CartLine => ({
        ...line,
        quantity,
        shownUnitPrice: unitPrice,
        problem: null,
        message: null,
      });
      cart = cart.map((line) => (line.partId === partId ? set(line) : line));
    }
    if (partId && method === 'DELETE') cart = cart.filter((line) => line.partId !== partId);
    if (url === '/api/cart/checkout') {
      return (checkout ?? json({ insertedId: 'o9', order: {} }, 201))();
    }
    if (url.startsWith('/api/cart')) return json(cartJson(cart))();
    return json(null)();
  });
  return calls;
}
