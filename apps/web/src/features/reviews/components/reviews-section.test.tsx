import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerFetchWith, json, renderWithProviders } from '@/test/render';

import { ReviewsSection } from './reviews-section';

afterEach(() => vi.unstubAllGlobals());

const reviews = [
  { _id: 'r1', reviewerName: 'Sofia Romano', rating: 5, description: 'Fitted first time.' },
  { _id: 'r2', reviewerName: 'Kenji Watanabe', rating: 3, description: 'Slow delivery.' },
];

describe('ReviewsSection', () => {
  it('shows each review with its stars and the count', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(reviews)));
    renderWithProviders(<ReviewsSection />);
    expect(await screen.findByText('2 reviews')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1] as HTMLElement).getByRole('img')).toHaveAccessibleName(
      'Rated 3 out of 5',
    );
    expect(screen.getByText('Kenji Watanabe')).toBeInTheDocument();
  });

  it('offers Retry when the reviews could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetchWith(() => Response.error(), json(reviews)),
    );
    renderWithProviders(<ReviewsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 reviews')).toBeInTheDocument();
  });
});
