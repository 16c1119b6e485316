import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerFetchWith, json, renderWithProviders } from '@/test/render';
import { partJson } from '@/test/wire';

import { PartsSection } from './parts-section';

const part = partJson({
  name: 'Six-Piston Big Brake Kit',
  image: '/images/parts/big-brake-kit.svg',
  description: 'Six pistons.',
  quantity: 30,
  minorder: 1,
  price: 3290,
});

afterEach(() => vi.unstubAllGlobals());

describe('PartsSection', () => {
  it('shows placeholders while the parts load', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    renderWithProviders(<PartsSection />);
    expect(screen.getByText('Loading parts…')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows each part with its price, stock and minimum order, and the count', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json([part])));
    renderWithProviders(<PartsSection />);
    const card = await screen.findByRole('article', { name: part.name });
    expect(within(card).getByText('$3,290.00')).toBeInTheDocument();
    expect(within(card).getByText('30')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `Buy ${part.name}` })).toHaveAttribute(
      'href',
      '/purchase/p1',
    );
    expect(screen.getByText('1 part available')).toBeInTheDocument();
  });

  it('says when the parts could not be loaded, and Retry fetches them again', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetchWith(
        json({ statusCode: 503, error: 'Service Unavailable', message: 'Down for a moment' }, 503),
        json([part]),
      ),
    );
    renderWithProviders(<PartsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The parts could not be loaded.');
    expect(alert).toHaveTextContent('Down for a moment');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: part.name })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
