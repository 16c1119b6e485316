import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';
import { partJson } from '@/test/wire';

import EditProductPage from './edit-product';

afterEach(() => vi.unstubAllGlobals());

const opened = partJson({
  name: 'Carbon Diffuser',
  image: '/images/parts/carbon-diffuser.svg',
  description: 'Made in Modena.',
  quantity: 3,
  minorder: 1,
  price: 2100,
  version: 4,
});
// Meanwhile a customer bought all three, and another admin changed the price.
const now = { ...opened, quantity: 0, price: 1990, version: 6 };

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The shop as the page sees it: the part loads as opened, then has changed by the first save. */
function shopWhereThePartChanges() {
  let current = opened;
  const saves: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/parts/p1' && (init?.method ?? 'GET') === 'GET') return reply(current);
    if (url === '/api/parts/p1' && init?.method === 'PUT') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
        version: number;
      };
      saves.push(body);
      current = now;
      if (body.version !== now.version) {
        return reply(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'This part changed while you were editing it.',
            part: now,
          },
          409,
        );
      }
      return reply({ modifiedCount: 1, part: { ...now, ...body, version: now.version + 1 } });
    }
    return reply({ statusCode: 404, error: 'Not Found', message: 'Nothing here' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { saves };
}

function renderEditPage() {
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/editproduct/:id" element={<EditProductPage />} />
      <Route path="/dashboard/manageproducts" element={<h1>Manage Products</h1>} />
    </Routes>,
    { route: '/dashboard/editproduct/p1' },
  );
}

describe('EditProductPage', () => {
  it('offers no stock field: the stock shows, and restocking is elsewhere', async () => {
    shopWhereThePartChanges();
    renderEditPage();
    expect(await screen.findByLabelText('Name')).toHaveValue('Carbon Diffuser');
    expect(screen.queryByLabelText('Quantity in stock')).not.toBeInTheDocument();
    expect(screen.getByText(/In stock:/)).toHaveTextContent('In stock: 3.');
  });

  it('when the part changed since the form opened, says so and shows the part as it is now', async () => {
    const { saves } = shopWhereThePartChanges();
    renderEditPage();
    const description = await screen.findByLabelText('Description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Hand-laid carbon.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByText(/This part changed while you were editing it/);
    expect(notice).toHaveAttribute('role', 'alert');
    expect(saves).toEqual([expect.objectContaining({ version: 4 })]);
    // The current figures, not the ones the form was opened with.
    expect(screen.getByLabelText('Price ($)')).toHaveValue(1990);
    expect(screen.getByLabelText('Description')).toHaveValue('Made in Modena.');
    expect(screen.getByText(/In stock:/)).toHaveTextContent('In stock: 0.');
    expect(screen.queryByRole('heading', { name: 'Manage Products' })).not.toBeInTheDocument();

    // Saved again from the part as it is now, the edit goes through.
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.type(screen.getByLabelText('Description'), 'Hand-laid carbon.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeInTheDocument();
    expect(saves.at(-1)).toEqual({
      name: 'Carbon Diffuser',
      image: '/images/parts/carbon-diffuser.svg',
      description: 'Hand-laid carbon.',
      price: 1990,
      minorder: 1,
      version: 6,
    });
  });
});
