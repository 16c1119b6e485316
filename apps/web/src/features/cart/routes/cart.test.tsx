import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, renderWithProviders } from '@/test/render';
import { cartLineJson } from '@/test/wire';

import { fakeCartApi } from '../test/fake-cart-api';
import { saveVisitorCart } from '../visitor-cart';
import CartPage from './cart';

afterEach(() => {
  saveVisitorCart([]);
  localStorage.clear();
  vi.unstubAllGlobals();
});

const brakes = cartLineJson({
  partId: 'brakes',
  name: 'Six-Piston Brake Kit',
  quantity: 2,
  unitPrice: 1849,
  shownUnitPrice: 1849,
  minOrder: 1,
  stock: 4,
});
const wing = cartLineJson({ partId: 'wing', name: 'Carbon Rear Wing', quantity: 3 });

/** Where a test's navigation lands: its address and what it carried. */
function Landed() {
  const { pathname, state } = useLocation() as { pathname: string; state: unknown };
  return <p>Landed on {`${pathname} ${JSON.stringify(state)}`}</p>;
}

const renderCart = () =>
  renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route: '/cart' },
  );

const lineOf = async (name: string) =>
  within(
    (await screen.findByRole('heading', { name })).closest('li') ?? document.createElement('li'),
  );

describe("a customer's cart", () => {
  it('shows each line with its part, unit price, quantity and price, and the total', async () => {
    fakeCartApi({ signedIn: true, lines: [brakes, wing] });
    renderCart();
    const line = await lineOf('Six-Piston Brake Kit');
    expect(line.getByRole('link', { name: 'Six-Piston Brake Kit' })).toHaveAttribute(
      'href',
      '/parts/brakes',
    );
    expect(line.getByText('Unit price $1,849.00')).toBeVisible();
    expect(line.getByText('$3,698.00')).toBeVisible();
    expect(line.getByLabelText('Quantity of Six-Piston Brake Kit')).toHaveValue(2);
    expect(screen.getByText('Total:')).toHaveTextContent('Total: $4,058.00');
  });

  it("keeps a quantity to the part's rules, with the spec's hint, and saves one within them at the price shown", async () => {
    const calls = fakeCartApi({ signedIn: true, lines: [brakes] });
    renderCart();
    const line = await lineOf('Six-Piston Brake Kit');
    const quantity = line.getByLabelText('Quantity of Six-Piston Brake Kit');
    expect(quantity).toHaveAccessibleDescription('Minimum Order is 1 and Maximum order is 4');
    const update = line.getByRole('button', {
      name: 'Update the quantity of Six-Piston Brake Kit',
    });

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(update);
    expect(await line.findByText('Choose a whole number from 1 to 4.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.click(update);
    await waitFor(() => expect(line.getByText('$7,396.00')).toBeVisible());
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/cart/lines/brakes',
      body: { quantity: 4, unitPrice: 1849 },
    });
  });

  it('removes a line with the button that names its part, and focus goes to the heading', async () => {
    const calls = fakeCartApi({ signedIn: true, lines: [brakes, wing] });
    renderCart();
    const line = await lineOf('Carbon Rear Wing');
    await userEvent.click(
      line.getByRole('button', { name: 'Remove Carbon Rear Wing from the cart' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Carbon Rear Wing' })).toBeNull(),
    );
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: '/api/cart/lines/wing',
      body: undefined,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toHaveFocus();
  });

  it('says what stands in the way of a line; a changed price shows both and is accepted on purpose', async () => {
    const calls = fakeCartApi({
      signedIn: true,
      lines: [
        {
          ...brakes,
          unitPrice: 1899,
          problem: 'price-changed',
          message: 'The price of Six-Piston Brake Kit is now $1,899.00',
        },
        { ...wing, stock: 0, problem: 'sold-out', message: 'Carbon Rear Wing has sold out' },
      ],
    });
    renderCart();
    const brakeLine = await lineOf('Six-Piston Brake Kit');
    expect(brakeLine.getByText('The price of Six-Piston Brake Kit is now $1,899.00')).toBeVisible();
    expect(brakeLine.getByText(/Unit price now \$1,899\.00/)).toHaveTextContent('(was $1,849.00)');
    const wingLine = await lineOf('Carbon Rear Wing');
    expect(wingLine.getByText('Carbon Rear Wing has sold out')).toBeVisible();
    // Nothing to choose while none can be had: only Remove.
    expect(wingLine.queryByLabelText(/^Quantity/)).toBeNull();
    expect(screen.getByText(/^2 parts cannot be ordered/)).toBeVisible();

    await userEvent.click(
      brakeLine.getByRole('button', { name: 'Use the new price for Six-Piston Brake Kit' }),
    );
    await waitFor(() =>
      expect(screen.queryByText('The price of Six-Piston Brake Kit is now $1,899.00')).toBeNull(),
    );
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/cart/lines/brakes',
      body: { quantity: 2, unitPrice: 1899 },
    });
    // Its button gone, focus is on the line it changed.
    expect(screen.getByRole('heading', { name: 'Six-Piston Brake Kit' })).toHaveFocus();
  });

  it('checks out with phone and address, and goes to the order’s payment', async () => {
    const calls = fakeCartApi({ signedIn: true, lines: [brakes, wing] });
    renderCart();
    await userEvent.type(await screen.findByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Pit Lane, Monza');
    await userEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/Landed on \/dashboard\/payment\/o9/)).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/cart/checkout',
      body: { phone: '+1 555 0100', address: '1 Pit Lane, Monza' },
      idempotencyKey: expect.any(String) as unknown,
    });
  });

  it('shows a refused checkout’s words, which name the line, and stays on the cart', async () => {
    const refusal = {
      statusCode: 409,
      error: 'Conflict',
      message: 'Six-Piston Brake Kit has just sold out',
      partId: 'brakes',
    };
    fakeCartApi({ signedIn: true, lines: [brakes, wing], checkout: json(refusal, 409) });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Place the order' }));
    // Said as it appears, under the form.
    expect(await screen.findByText('Six-Piston Brake Kit has just sold out')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  });

  it('names its order once, so a checkout sent again never makes a second one', async () => {
    let answers = 0;
    const calls = fakeCartApi({
      signedIn: true,
      lines: [brakes, wing],
      // The first answer is lost on the way (the connection dropped); the second arrives.
      checkout: () => {
        answers++;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return json({ insertedId: 'o9', order: {} }, 201)();
      },
    });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText('Failed to fetch')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/Landed on \/dashboard\/payment\/o9/)).toBeVisible();
    const keys = calls
      .filter((call) => call.url === '/api/cart/checkout')
      .map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('goes to My Orders when another tab checked the cart out first', async () => {
    const refusal = {
      statusCode: 409,
      error: 'Conflict',
      message: 'This cart was just checked out as order o7: see My Orders',
      code: 'CART_CHECKED_OUT',
    };
    fakeCartApi({ signedIn: true, lines: [brakes, wing], checkout: json(refusal, 409) });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/^Landed on \/dashboard /)).toBeVisible();
  });

  it('says so when it is empty, and leads to the parts', async () => {
    fakeCartApi({ signedIn: true });
    renderCart();
    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute(
      'href',
      '/#parts',
    );
  });
});

describe("a visitor's cart", () => {
  it('lives in the browser, and Sign in to check out comes back to the cart', async () => {
    const calls = fakeCartApi({ signedIn: false });
    saveVisitorCart([
      {
        partId: 'wing',
        name: 'Carbon Rear Wing',
        image: '/images/parts/carbon-rear-wing.svg',
        quantity: 3,
        unitPriceCents: 12_000,
        minOrder: 2,
        stock: 5,
      },
    ]);
    renderCart();
    await lineOf('Carbon Rear Wing');
    expect(screen.getByText('Total:')).toHaveTextContent('Total: $360.00');
    expect(screen.queryByRole('button', { name: 'Place the order' })).toBeNull();
    expect(calls.filter((call) => call.url.startsWith('/api/cart'))).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to check out' }));
    expect(await screen.findByText('Landed on /login {"from":{"pathname":"/cart"}}')).toBeVisible();
  });
});
