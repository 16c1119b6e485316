import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '@/lib/notify';
import type { Part } from '@/lib/shop';
import { renderWithProviders } from '@/test/render';
import { cartLineJson } from '@/test/wire';

import { fakeCartApi } from '../test/fake-cart-api';
import { readVisitorCart, saveVisitorCart } from '../visitor-cart';
import { AddToCartButton } from './add-to-cart-button';
import { AddToCartForm } from './add-to-cart-form';
import { CartLink } from './cart-link';

vi.mock('@/lib/notify', () => ({ notify: vi.fn(async () => undefined) }));

afterEach(() => {
  saveVisitorCart([]);
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

/** Sold 2 at a time at least, 3 in stock, $120 each. */
const part: Part = {
  id: 'p1',
  name: 'Carbon Rear Wing',
  image: '/images/parts/carbon-rear-wing.svg',
  description: 'Pre-preg carbon wing.',
  stock: 3,
  minOrder: 2,
  priceCents: 12_000,
  version: 1,
};

const addButton = () => screen.getByRole('button', { name: 'Add to cart: Carbon Rear Wing' });
const said = () => vi.mocked(notify).mock.calls.map(([, message]) => message);

describe("a card's Add to cart", () => {
  it("puts a visitor's first press at the minimum order, then one more, up to the stock, and says so", async () => {
    fakeCartApi({ signedIn: false });
    renderWithProviders(
      <>
        <CartLink />
        <AddToCartButton part={part} />
      </>,
    );
    const cart = await screen.findByRole('link', { name: 'Cart, empty' });
    await userEvent.click(addButton());
    await waitFor(() => expect(cart).toHaveAccessibleName('Cart, 1 part'));
    expect(readVisitorCart()).toEqual([
      expect.objectContaining({ partId: 'p1', quantity: 2, unitPriceCents: 12_000 }),
    ]);
    await userEvent.click(addButton());
    await waitFor(() => expect(readVisitorCart()[0]?.quantity).toBe(3));
    await userEvent.click(addButton());
    await waitFor(() =>
      expect(said()).toEqual([
        'In your cart: 2 × Carbon Rear Wing',
        'In your cart: 3 × Carbon Rear Wing',
        'Your cart already holds all 3 of Carbon Rear Wing in stock',
      ]),
    );
    expect(readVisitorCart()[0]?.quantity).toBe(3);
    // The badge counts parts, not units.
    expect(cart).toHaveAccessibleName('Cart, 1 part');
  });

  it("sets a customer's line on the server, at the price the card shows", async () => {
    const calls = fakeCartApi({ signedIn: true });
    renderWithProviders(
      <>
        <CartLink />
        <AddToCartButton part={part} />
      </>,
    );
    await screen.findByRole('link', { name: 'Cart, empty' });
    await userEvent.click(addButton());
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: '/api/cart/lines/p1',
        body: { quantity: 2, unitPrice: 120 },
      }),
    );
    expect(readVisitorCart()).toEqual([]);
  });

  it.each([
    ['customer', true],
    ['visitor', false],
  ])(
    "adds a %s's press made while the page still asks who is signed in, once it knows",
    async (_who, signedIn) => {
      let loadSession = () => {};
      const sessionLoaded = new Promise<void>((resolve) => (loadSession = resolve));
      const calls = fakeCartApi({ signedIn, sessionLoaded });
      renderWithProviders(<AddToCartButton part={part} />);
      await userEvent.click(addButton());
      loadSession();
      await waitFor(() => expect(said()).toEqual(['In your cart: 2 × Carbon Rear Wing']));
      const put = calls.filter((call) => call.method === 'PUT');
      if (signedIn) {
        expect(put).toEqual([
          { method: 'PUT', url: '/api/cart/lines/p1', body: { quantity: 2, unitPrice: 120 } },
        ]);
        expect(readVisitorCart()).toEqual([]);
      } else {
        expect(put).toEqual([]);
        expect(readVisitorCart()).toEqual([expect.objectContaining({ partId: 'p1', quantity: 2 })]);
      }
    },
  );

  it('refuses a part whose stock is below one order, and a visitor’s 51st part', async () => {
    fakeCartApi({ signedIn: false });
    saveVisitorCart(
      Array.from({ length: 50 }, (_, i) => ({
        partId: `other-${i}`,
        name: `Part ${i}`,
        image: '/images/parts/carbon-rear-wing.svg',
        quantity: 1,
        unitPriceCents: 100,
        minOrder: 1,
        stock: 9,
      })),
    );
    renderWithProviders(
      <>
        <AddToCartButton part={{ ...part, id: 'p2', name: 'Sold-out Splitter', stock: 1 }} />
        <AddToCartButton part={part} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Sold-out Splitter' }));
    await userEvent.click(addButton());
    await waitFor(() =>
      expect(said()).toEqual([
        'Sold-out Splitter is out of stock',
        'A cart holds at most 50 parts',
      ]),
    );
    expect(readVisitorCart()).toHaveLength(50);
  });
});

describe("the part page's Add to cart", () => {
  it('takes a quantity within the part’s rules, with the spec’s hint', async () => {
    fakeCartApi({ signedIn: false });
    renderWithProviders(<AddToCartForm part={part} />);
    const quantity = await screen.findByLabelText('Quantity');
    expect(quantity).toHaveAccessibleDescription('Minimum Order is 2 and Maximum order is 3');
    expect(quantity).toHaveValue(2);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Choose a whole number from 2 to 3.')).toBeVisible();
    expect(readVisitorCart()).toEqual([]);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Your cart holds 3.')).toBeVisible();
    expect(said()).toEqual(['In your cart: 3 × Carbon Rear Wing']);
  });

  it("starts from the quantity a customer's cart holds", async () => {
    fakeCartApi({ signedIn: true, lines: [cartLineJson({ quantity: 3, stock: 3 })] });
    renderWithProviders(<AddToCartForm part={part} />);
    expect(await screen.findByText('Your cart holds 3.')).toBeVisible();
    expect(screen.getByLabelText('Quantity')).toHaveValue(3);
    expect(screen.getByRole('button', { name: 'Update the cart' })).toBeVisible();
  });
});
