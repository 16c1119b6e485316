import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerFetchWith, json, renderWithProviders } from '@/test/render';
import { partJson } from '@/test/wire';

import PartPage from './part';

afterEach(() => vi.unstubAllGlobals());

const renderPage = (id: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/parts/:id" element={<PartPage />} />
    </Routes>,
    { route: `/parts/${id}` },
  );

describe('the part page', () => {
  it('shows the part with its price, stock and minimum order, and a way to buy it', async () => {
    const part = partJson({
      _id: 'p1',
      name: 'Carbon Rear Wing',
      price: 1249.5,
      quantity: 12,
      minorder: 3,
    });
    vi.stubGlobal('fetch', answerFetchWith(json(part)));
    renderPage('p1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Carbon Rear Wing' }),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('$1,249.50')).toBeVisible();
    expect(screen.getByText('12')).toBeVisible();
    expect(screen.getByText('3')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', '/purchase/p1');
    expect(screen.queryByText(/Out of stock/)).toBeNull();
    expect(document.title).toBe('Carbon Rear Wing — Apex Parts');
  });

  it('says a part is out of stock when fewer units are left than one order takes', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(partJson({ quantity: 1, minorder: 2 }))));
    renderPage('p2');
    expect(await screen.findByText(/^Out of stock/)).toBeVisible();
  });

  it('is the not-found page for a part that is not on sale', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetchWith(json({ statusCode: 404, error: 'Not Found', message: 'No part' }, 404)),
    );
    renderPage('gone');
    expect(
      await screen.findByRole('heading', { name: 'Things u r searching for is not found.' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Buy now' })).toBeNull();
  });
});
