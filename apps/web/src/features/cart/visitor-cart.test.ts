import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { VisitorCartLine } from './visitor-cart';

const line = (overrides: Partial<VisitorCartLine> = {}): VisitorCartLine => ({
  partId: 'p1',
  name: 'Carbon Rear Wing',
  image: '/images/parts/carbon-rear-wing.svg',
  quantity: 2,
  unitPriceCents: 12_000,
  minOrder: 2,
  stock: 5,
  ...overrides,
});

/** The store as a new page finds it: it reads the browser's storage afresh. */
const freshStore = async () => {
  vi.resetModules();
  return import('./visitor-cart');
};

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("a visitor's cart in the browser", () => {
  it('is empty when what is stored is not JSON, or not a list', async () => {
    localStorage.setItem('cart', '{not json');
    expect((await freshStore()).readVisitorCart()).toEqual([]);
    localStorage.setItem('cart', '{"partId":"p1"}');
    expect((await freshStore()).readVisitorCart()).toEqual([]);
  });

  it('keeps only the stored lines that make sense, once per part', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        line(),
        line({ partId: 'p2', quantity: 0 }),
        line({ partId: 'p3', unitPriceCents: 12.5 }),
        { partId: 'p4', quantity: 1 },
        line({ quantity: 4 }),
        line({ partId: 'p5' }),
      ]),
    );
    const kept = (await freshStore()).readVisitorCart();
    expect(kept.map(({ partId, quantity }) => [partId, quantity])).toEqual([
      ['p1', 2],
      ['p5', 2],
    ]);
  });

  it('survives a reload, and tells its readers of every change', async () => {
    const store = await freshStore();
    const heard = vi.fn();
    const stop = store.subscribeToVisitorCart(heard);
    store.saveVisitorCart([line(), line({ partId: 'p2' })]);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    expect((await freshStore()).readVisitorCart()).toHaveLength(2);
  });

  it('reads again what another tab changed', async () => {
    const store = await freshStore();
    const heard = vi.fn();
    store.subscribeToVisitorCart(heard);
    localStorage.setItem('cart', JSON.stringify([line({ partId: 'p7' })]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(heard).toHaveBeenCalled();
    expect(store.readVisitorCart().map((l) => l.partId)).toEqual(['p7']);
  });
});
