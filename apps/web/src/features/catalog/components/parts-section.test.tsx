import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
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

const page = (
  parts: ReturnType<typeof partJson>[],
  total = parts.length,
  next: string | null = null,
) => json({ parts, total, next });

/** Answers each search with `answer(query)`, and keeps the queries it was asked. */
function stubSearches(answer: (query: URLSearchParams) => () => Response) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const query = new URL(input, 'http://shop.test').searchParams;
    asked.push(query);
    return answer(query)();
  });
  return asked;
}

/** The page's address as the router holds it, to see what a search put there. */
function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('PartsSection', () => {
  it('shows placeholders while the parts load', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    renderWithProviders(<PartsSection />);
    expect(screen.getByText('Loading parts…')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows each part with its price, stock and minimum order, and the count', async () => {
    const asked = stubSearches(() => page([part]));
    renderWithProviders(<PartsSection />);
    const card = await screen.findByRole('article', { name: part.name });
    expect(within(card).getByText('$3,290.00')).toBeInTheDocument();
    expect(within(card).getByText('30')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `Buy now: ${part.name}` })).toHaveAttribute(
      'href',
      '/purchase/p1',
    );
    expect(screen.getByText('1 part available')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
    // The first page only, in the server's default order.
    expect(asked.map(String)).toEqual(['limit=12']);
  });

  it('says when the parts could not be loaded, and Retry fetches them again', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetchWith(
        json({ statusCode: 503, error: 'Service Unavailable', message: 'Down for a moment' }, 503),
        page([part]),
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

  it('searches for the words typed, and the address carries the search', async () => {
    const wing = partJson({ _id: 'p2', name: 'Carbon Rear Wing' });
    const asked = stubSearches((query) => page(query.get('q') === 'brake' ? [part] : [part, wing]));
    renderWithProviders(
      <>
        <PartsSection />
        <Address />
      </>,
    );
    await screen.findByRole('article', { name: wing.name });
    const searchbox = screen.getByRole('searchbox', { name: 'Search parts' });
    await userEvent.type(searchbox, 'brake{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: wing.name })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: part.name })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?q=brake');
    // The customer stays where they were: in the search box, to change the words.
    expect(searchbox).toHaveFocus();
    expect(asked.at(-1)?.get('q')).toBe('brake');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '?q=brake&sort=newest&inStock=true',
    );
    await waitFor(() =>
      expect(asked.at(-1)?.toString()).toBe('q=brake&sort=newest&inStock=true&limit=12'),
    );
  });

  it('opens on the search its address names', async () => {
    const asked = stubSearches(() => page([part]));
    renderWithProviders(<PartsSection />, { route: '/?q=brake&sort=price&inStock=true' });
    await screen.findByRole('article', { name: part.name });
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('brake');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(
      'Price: low to high',
    );
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(asked.map(String)).toEqual(['q=brake&sort=price&inStock=true&limit=12']);
  });

  it('shows the next parts with Show more, and moves focus to the first of them', async () => {
    const parts = Array.from({ length: 14 }, (_, i) =>
      partJson({ _id: `p${i}`, name: `Part ${String(i).padStart(2, '0')}` }),
    );
    const asked = stubSearches((query) =>
      query.get('cursor') === 'p11'
        ? page(parts.slice(12), 14)
        : page(parts.slice(0, 12), 14, 'p11'),
    );
    renderWithProviders(<PartsSection />);
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('14 parts available')).toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 14')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Part 13' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(14);
    expect(screen.getByText('Showing 14 of 14')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(asked.at(-1)?.get('cursor')).toBe('p11');
    // The first new card's first link: its name, which opens the part's page.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Part 12' })).toHaveFocus(), {
      timeout: 5_000,
    });
    // Fourteen cards rendered twice over: more than the default 5 s on a busy machine.
  }, 20_000);

  it('counts again from the first page when a later one finds the catalog changed', async () => {
    const parts = Array.from({ length: 14 }, (_, i) =>
      partJson({ _id: `p${i}`, name: `Part ${String(i).padStart(2, '0')}` }),
    );
    // Part 13 is removed between the first page and the next.
    let removed = false;
    const asked = stubSearches((query) => {
      if (query.get('cursor') === 'p11') {
        removed = true;
        return page(parts.slice(12, 13), 13);
      }
      return page(parts.slice(0, 12), removed ? 13 : 14, 'p11');
    });
    renderWithProviders(<PartsSection />);
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('14 parts available')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('13 parts available')).toBeInTheDocument();
    expect(screen.getByText('Showing 13 of 13')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(asked.map((query) => query.get('cursor'))).toEqual([null, 'p11', null]);
  });

  it('says when nothing matches, and Show every part clears the search', async () => {
    stubSearches((query) => page(query.get('q') ? [] : [part]));
    renderWithProviders(
      <>
        <PartsSection />
        <Address />
      </>,
      { route: '/?q=turbo' },
    );
    expect(await screen.findByText('No parts match “turbo”.')).toBeInTheDocument();
    expect(screen.getByText('0 parts available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show every part' }));
    expect(await screen.findByRole('article', { name: part.name })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^$/);
  });
});
