import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, renderWithProviders } from '@/test/render';

import AddReviewPage from './add-review';

afterEach(() => vi.unstubAllGlobals());

/** The review API as the page sees it: the session, and the review it posts. */
function fakeReviewApi() {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/get-session') {
      return json({ user: { id: 'u1', name: 'Ada Driver', email: 'ada@example.com' } })();
    }
    posted.push(JSON.parse(init?.body as string));
    return json({ insertedId: 'r1', review: {} }, 201)();
  });
  return posted;
}

describe('Add a Review', () => {
  it.each(['0', '6', '2.5'])(
    'says "Value Must be between 1 to 5" for %s and keeps submit disabled',
    async (rating) => {
      fakeReviewApi();
      renderWithProviders(<AddReviewPage />);
      const submit = screen.getByRole('button', { name: 'Add Review' });
      expect(submit).toBeDisabled();
      await userEvent.type(screen.getByLabelText('Rating'), rating);
      expect(await screen.findByText('Value Must be between 1 to 5')).toBeVisible();
      expect(screen.getByLabelText('Rating')).toHaveAccessibleDescription(
        /Value Must be between 1 to 5/,
      );
      expect(submit).toBeDisabled();
    },
  );

  it("shows the account's name and email, not editable, and sends the rating and text", async () => {
    const posted = fakeReviewApi();
    renderWithProviders(<AddReviewPage />);
    expect(await screen.findByDisplayValue('Ada Driver')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Rating'), '5');
    await userEvent.type(screen.getByLabelText('Description'), 'Perfect fit.');
    const submit = screen.getByRole('button', { name: 'Add Review' });
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await vi.waitFor(() => expect(posted).toEqual([{ rating: 5, description: 'Perfect fit.' }]));
  });
});
