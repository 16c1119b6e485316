import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { setSignedInListener, storeAccessToken } from '@/lib/session';
import { json } from '@/test/render';
import { cartJson, cartLineJson } from '@/test/wire';

import { readVisitorCart, saveVisitorCart } from '../visitor-cart';
import { mergeVisitorCart } from './merge-cart';

vi.mock('@/lib/notify', () => ({ notify: vi.fn(async () => undefined) }));

afterEach(() => {
  setSignedInListener(null);
  saveVisitorCart([]);
  localStorage.clear();
  vi.unstubAllGlobals();
});

const wing = {
  partId: 'wing',
  name: 'Carbon Rear Wing',
  image: '/images/parts/carbon-rear-wing.svg',
  quantity: 3,
  unitPriceCents: 12_050,
  minOrder: 2,
  stock: 5,
};
const merged = cartJson([
  cartLineJson({ partId: 'wing', quantity: 3, unitPrice: 120.5, shownUnitPrice: 120.5 }),
  cartLineJson({ partId: 'brakes', name: 'Brake Kit', quantity: 1 }),
]);

/** The sign-in's calls: the access token, then the merge, answered as `merge` says. */
function fakeSignIn(merge: () => Response) {
  const calls: { url: string; body: unknown; authorization: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({
      url,
      body: JSON.parse(init.body as string),
      authorization: headers.authorization,
    });
    if (url.startsWith('/api/user/')) return json({ token: 'token-of-ada' })();
    return merge();
  });
  return calls;
}

const signIn = (queryClient: QueryClient) => {
  setSignedInListener(() => mergeVisitorCart(queryClient));
  return storeAccessToken('ada@example.com');
};

describe("the visitor's cart at sign-in", () => {
  it("joins the account's cart with the new token, and leaves the browser", async () => {
    saveVisitorCart([wing]);
    const calls = fakeSignIn(json(merged));
    const queryClient = new QueryClient();
    await signIn(queryClient);

    expect(calls[1]).toEqual({
      url: '/api/cart/merge',
      body: { lines: [{ partId: 'wing', quantity: 3, unitPrice: 120.5 }] },
      authorization: 'Bearer token-of-ada',
    });
    expect(readVisitorCart()).toEqual([]);
    const cart = queryClient.getQueryData<{ lines: { partId: string }[] }>(queryKeys.cart);
    expect(cart?.lines.map((line) => line.partId)).toEqual(['wing', 'brakes']);
  });

  it('asks nothing of the server for an empty cart', async () => {
    const calls = fakeSignIn(json(merged));
    await signIn(new QueryClient());
    expect(calls.map((call) => call.url)).toEqual(['/api/user/ada%40example.com']);
  });

  it('stays in the browser when the merge fails, says so, and the sign-in goes on', async () => {
    saveVisitorCart([wing]);
    fakeSignIn(json({ statusCode: 503, error: 'Unavailable', message: 'Try again soon' }, 503));
    await expect(signIn(new QueryClient())).resolves.toBeUndefined();
    expect(readVisitorCart()).toEqual([wing]);
    expect(vi.mocked(notify)).toHaveBeenCalledWith(
      'error',
      'Your cart could not join your account (Try again soon); it stays in this browser for your next sign-in.',
    );
  });
});
