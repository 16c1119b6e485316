import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Part } from '@/lib/shop';
import { renderWithProviders } from '@/test/render';

import { RestockForm } from './restock-form';

const part: Part = {
  id: 'p1',
  name: 'Titanium Lug Nuts',
  image: '/images/parts/lug-nuts.svg',
  description: '',
  stock: 12,
  minOrder: 4,
  priceCents: 9000,
  version: 2,
};

describe('RestockForm', () => {
  it('adds the units typed, then empties the field for the next restock', async () => {
    const onRestock = vi.fn(async (units: number) => ({ ...part, stock: 12 + units }));
    renderWithProviders(<RestockForm part={part} onRestock={onRestock} />);
    const units = screen.getByLabelText('Units to add to Titanium Lug Nuts');
    await userEvent.type(units, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Restock Titanium Lug Nuts' }));
    await vi.waitFor(() => expect(onRestock).toHaveBeenCalledWith(30));
    await vi.waitFor(() => expect(units).toHaveValue(null));
  });

  it.each([
    ['', 'Enter the number of units as a number'],
    ['0', 'Add at least 1 unit'],
    ['2.5', 'The number of units must be a whole number'],
  ])('refuses %j with a message, and adds nothing', async (typed, message) => {
    const onRestock = vi.fn();
    renderWithProviders(<RestockForm part={part} onRestock={onRestock} />);
    const units = screen.getByLabelText('Units to add to Titanium Lug Nuts');
    if (typed) await userEvent.type(units, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Restock Titanium Lug Nuts' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(units).toHaveAccessibleDescription(message);
    expect(onRestock).not.toHaveBeenCalled();
  });

  it("shows the shop's answer when it refuses the units", async () => {
    const onRestock = vi.fn(async () => {
      throw new Error('A part can have at most 1,000,000 units in stock');
    });
    renderWithProviders(<RestockForm part={part} onRestock={onRestock} />);
    await userEvent.type(screen.getByLabelText('Units to add to Titanium Lug Nuts'), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Restock Titanium Lug Nuts' }));
    expect(
      await screen.findByText('A part can have at most 1,000,000 units in stock'),
    ).toBeVisible();
  });
});
