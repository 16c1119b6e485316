import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Part } from '@/lib/shop';
import { json, renderWithProviders } from '@/test/render';
import { orderJson } from '@/test/wire';

import { OrderForm } from './order-form';

afterEach(() => vi.unstubAllGlobals());

/** A part that must be ordered 2 at a time at least, 5 in stock. */
const part: Part = {
  id: 'p1',
  name: 'Carbon Rear Wing',
  image: '/images/parts/carbon-rear-wing.svg',
  description: 'Pre-preg carbon wing.',
  stock: 5,
  minOrder: 2,
  priceCents: 12_000,
  version: 1,
};

/** Records the orders the form sends; each is answered as placed. */
function fakeOrdersApi() {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    sent.push(JSON.parse(init.body));
    const order = orderJson({ order: part.name, orderQuantity: 2, price: 240, unitPrice: 120 });
    return json({ insertedId: 'o1', order }, 201)();
  });
  return sent;
}

async function typeQuantity(value: string) {
  const quantity = screen.getByLabelText('Quantity');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, value);
  return quantity;
}

const order = () => screen.getByRole('button', { name: /^Order$/ });

describe('the order form’s quantity', () => {
  it('shows the spec’s hint with the part’s minimum order and stock', () => {
    renderWithProviders(<OrderForm part={part} />);
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'Minimum Order is 2 and Maximum order is 5',
    );
  });

  it.each(['2', '3', '5'])('accepts %s, from the minimum order up to the stock', async (value) => {
    renderWithProviders(<OrderForm part={part} />);
    const quantity = await typeQuantity(value);
    expect(quantity).toHaveAttribute('aria-invalid', 'false');
    expect(order()).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByText(`$${Number(value) * 120}.00`)).toBeInTheDocument();
  });

  it.each([
    ['1', 'under the minimum order'],
    ['6', 'over the stock'],
    ['2.5', 'not a whole number'],
    ['0', 'nothing'],
  ])('refuses %s (%s) in words linked to the field, and Order says why', async (value) => {
    renderWithProviders(<OrderForm part={part} />);
    const quantity = await typeQuantity(value);
    // The form checks what was typed after the keystroke's event: a busy machine is later.
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription(
      'Minimum Order is 2 and Maximum order is 5 Choose a whole number from 2 to 5.',
    );
    expect(order()).toHaveAttribute('aria-disabled', 'true');
    expect(order()).toHaveAccessibleDescription('To order, enter a quantity from 2 to 5.');
    expect(screen.getByText('Total:')).toHaveTextContent('Total: —');
  });

  it('sends nothing for a refused quantity; Order puts focus back on the quantity', async () => {
    const sent = fakeOrdersApi();
    renderWithProviders(<OrderForm part={part} />);
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Pit Lane, Monza');

    await userEvent.click(order());
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveFocus();
    expect(quantity).toHaveAccessibleDescription(
      'Minimum Order is 2 and Maximum order is 5 Enter a quantity from 2 to 5.',
    );

    await typeQuantity('6');
    await userEvent.click(order());
    expect(sent).toEqual([]);
  });

  it('orders a part whose stock equals its minimum order, all of it', async () => {
    const sent = fakeOrdersApi();
    renderWithProviders(<OrderForm part={{ ...part, stock: 2 }} />);
    await typeQuantity('2');
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Pit Lane, Monza');
    await userEvent.click(order());

    await screen.findByRole('heading', { name: /^Order placed:/ });
    expect(sent).toEqual([
      { orderId: 'p1', orderQuantity: 2, phone: '+1 555 0100', address: '1 Pit Lane, Monza' },
    ]);
  });
});

describe('the order form’s other fields', () => {
  it.each([
    ['Phone', 'x'.repeat(41), 'Phone must be 40 characters or fewer'],
    ['Address', 'x'.repeat(501), 'Address must be 500 characters or fewer'],
  ])(
    'refuses a too long %s with the contract’s words, focused, and sends nothing',
    async (label, typed, message) => {
      const sent = fakeOrdersApi();
      renderWithProviders(<OrderForm part={part} />);
      await typeQuantity('3');
      const field = screen.getByLabelText(label);
      // Pasted: typing 500 characters one by one takes long.
      await userEvent.click(field);
      await userEvent.paste(typed);
      await userEvent.click(order());

      await vi.waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      expect(sent).toEqual([]);
    },
  );
});
