import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ActivityEntry, ActivityPage } from '@apex/contract';

import { answerByAddress, renderWithProviders } from '@/test/render';

import ActivityPageRoute from './activity';

afterEach(() => vi.unstubAllGlobals());

const admin = { id: 'u1', email: 'boss@example.com' };
const wing = {
  name: 'Carbon Rear Wing',
  image: '/images/parts/carbon-rear-wing.svg',
  description: 'Dry carbon.',
  priceCents: 124_950,
  minOrder: 1,
  onSale: true,
};

/** An entry of the log, by the boss unless another admin is named. */
const entry = (fields: Omit<ActivityEntry, 'actor'> & Partial<ActivityEntry>): ActivityEntry => ({
  actor: admin,
  ...fields,
});

const restocked = entry({
  _id: 'e3',
  createdAt: '2025-03-14T15:09:26.000Z',
  action: 'part.restock',
  subject: { type: 'part', id: 'p1' },
  before: { ...wing, stock: 3 },
  after: { ...wing, stock: 45 },
});
const edited = entry({
  _id: 'e2',
  createdAt: '2025-03-14T15:01:00.000Z',
  actor: { id: 'u2', email: 'second@example.com' },
  action: 'part.edit',
  subject: { type: 'part', id: 'p1' },
  before: { ...wing, stock: 3 },
  after: { ...wing, stock: 3, priceCents: 99_900, name: 'Carbon Rear Wing II' },
});
const deleted = entry({
  _id: 'e1',
  createdAt: '2025-03-13T09:00:00.000Z',
  action: 'order.delete',
  subject: { type: 'order', id: 'o1' },
  before: {
    status: 'unpaid',
    partName: 'Carbon Rear Wing',
    quantity: 2,
    totalCents: 249_900,
    customer: 'ada@example.com',
  },
  after: null,
});

function shopWithActivity() {
  const pages: Record<string, ActivityPage> = {
    '/api/activity': { entries: [restocked, edited], next: 'e2' },
    '/api/activity?before=e2': { entries: [deleted], next: null },
  };
  return answerByAddress(pages);
}

/** A change as a screen reader says it: the arrow is hidden, the word "to" is read instead. */
const spoken = (changes: HTMLElement[]) =>
  changes.map((item) => item.textContent.replace(/\s*→\s*/g, ' '));

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row);
};

describe('ActivityPage', () => {
  it('shows when, who, what, which, and each changed field before and after', async () => {
    shopWithActivity();
    renderWithProviders(<ActivityPageRoute />);
    expect(await screen.findByText('Restocked a part')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'When',
      'Who',
      'What',
      'Which',
      'What changed',
    ]);

    const restock = rowOf('Restocked a part');
    expect(restock.getByText('boss@example.com')).toBeInTheDocument();
    expect(restock.getByText('Carbon Rear Wing')).toBeInTheDocument();
    expect(restock.getByText('14 Mar 2025', { exact: false })).toHaveAttribute(
      'datetime',
      '2025-03-14T15:09:26.000Z',
    );
    // Only what changed: the stock, not the fields that stayed the same.
    expect(spoken(restock.getAllByRole('listitem'))).toEqual(['Stock: 3 to 45']);

    const edit = rowOf('Edited a part');
    expect(edit.getByText('second@example.com')).toBeInTheDocument();
    expect(spoken(edit.getAllByRole('listitem'))).toEqual([
      'Name: Carbon Rear Wing to Carbon Rear Wing II',
      'Price: $1,249.50 to $999.00',
    ]);
  });

  it('shows the next 50 with Show more, until there are no more', async () => {
    const fetch = shopWithActivity();
    renderWithProviders(<ActivityPageRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));

    const removal = await screen.findByText('Deleted an unpaid order');
    expect(fetch).toHaveBeenLastCalledWith('/api/activity?before=e2', expect.anything());
    const row = rowOf('Deleted an unpaid order');
    expect(row.getByText('2 × Carbon Rear Wing, for ada@example.com')).toBeInTheDocument();
    expect(spoken(row.getAllByRole('listitem'))).toContain('Total: $2,499.00');
    expect(removal).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
