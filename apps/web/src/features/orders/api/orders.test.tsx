import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { queryKeys } from '@/lib/query-keys';
import { json } from '@/test/render';
import { orderJson } from '@/test/wire';

import { useCancelOrder, useManageOrder, usePlaceOrder } from './orders';

afterEach(() => vi.unstubAllGlobals());

/** A data cache holding a little of everything, and which of it an action leaves stale. */
function cacheOfEverything() {
  const queryClient = new QueryClient();
  const keys = {
    parts: queryKeys.parts.all,
    part: queryKeys.parts.one('p1'),
    myOrders: queryKeys.orders.mine('ada@example.com'),
    everyOrder: queryKeys.orders.managed(''),
    reviews: queryKeys.reviews,
    session: queryKeys.session,
    users: queryKeys.users,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { wrapper, stale };
}

describe('what an order changes in the data cache', () => {
  it('an order placed makes the parts (their stock) and the order lists stale, nothing else', async () => {
    vi.stubGlobal('fetch', json({ insertedId: 'o1', order: orderJson() }, 201));
    const { wrapper, stale } = cacheOfEverything();
    const { result } = renderHook(() => usePlaceOrder(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ partId: 'p1', quantity: 2, phone: '', address: '' }),
    );
    expect(stale()).toEqual(['parts', 'part', 'myOrders', 'everyOrder']);
  });

  it('an order cancelled or deleted does the same: its stock is back on sale', async () => {
    vi.stubGlobal('fetch', json({ deletedCount: 1 }));
    for (const action of ['cancel', 'delete'] as const) {
      const { wrapper, stale } = cacheOfEverything();
      const { result } = renderHook(
        () => ({ cancel: useCancelOrder(), manage: useManageOrder() }),
        {
          wrapper,
        },
      );
      await act(async () => {
        if (action === 'cancel') await result.current.cancel.mutateAsync('o1');
        else await result.current.manage.remove.mutateAsync('o1');
      });
      expect(stale(), action).toEqual(['parts', 'part', 'myOrders', 'everyOrder']);
    }
  });

  it('an order shipped makes only the order lists stale', async () => {
    vi.stubGlobal('fetch', json({ modifiedCount: 1 }));
    const { wrapper, stale } = cacheOfEverything();
    const { result } = renderHook(() => useManageOrder(), { wrapper });
    await act(() => result.current.ship.mutateAsync('o1'));
    expect(stale()).toEqual(['myOrders', 'everyOrder']);
  });
});
