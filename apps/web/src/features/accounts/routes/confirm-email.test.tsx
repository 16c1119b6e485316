import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, recordPostsTo, renderWithProviders } from '@/test/render';

import ConfirmEmailPage from './confirm-email';

afterEach(() => vi.unstubAllGlobals());

const WRONG = 'This is not the password chosen at sign-up';

describe('Confirm your e-mail address', () => {
  it('sends the token with the password, and shows a wrong password under its field', async () => {
    const confirmations = recordPostsTo(
      '/api/sign-up/confirm',
      json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: WRONG,
          fields: [{ field: 'body.password', message: WRONG }],
        },
        400,
      ),
    );
    renderWithProviders(<ConfirmEmailPage />, { route: '/confirm-email?token=abc123' });
    await userEvent.type(screen.getByLabelText('Password'), 'not-my-password');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    expect(await screen.findByText(WRONG)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(WRONG);
    expect(confirmations).toEqual([{ token: 'abc123', password: 'not-my-password' }]);
  });

  it('says plainly when the link no longer works, and offers to sign up again', async () => {
    const gone =
      'This link does not work any more: it was used, it expired, or a newer sign-up replaced it. Sign up again to get a new one.';
    recordPostsTo(
      '/api/sign-up/confirm',
      json({ statusCode: 400, error: 'Bad Request', message: gone }, 400),
    );
    renderWithProviders(<ConfirmEmailPage />, { route: '/confirm-email?token=used' });
    await userEvent.type(screen.getByLabelText('Password'), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(gone);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
  });

  it('asks for the link again when it came without its token', () => {
    renderWithProviders(<ConfirmEmailPage />, { route: '/confirm-email' });
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  });
});
