import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, recordPostsTo, renderWithProviders } from '@/test/render';

import SignUpPage from './signup';

afterEach(() => vi.unstubAllGlobals());

const TOO_COMMON = 'This password is too common: choose another';

/** The shop as the page sees it: nobody signed in, and a sign-up it refuses. */
const fakeIdentity = () =>
  recordPostsTo(
    '/api/sign-up',
    json(
      {
        code: 'PASSWORD_TOO_COMMON',
        message: TOO_COMMON,
        fields: [{ field: 'body.password', message: TOO_COMMON }],
      },
      400,
    ),
    { '/api/sign-in-options': json({ google: false }) },
  );

describe('Sign Up', () => {
  it("shows the server's refusal of a common password under the password field", async () => {
    const signUps = fakeIdentity();
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Driver');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(TOO_COMMON)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(TOO_COMMON);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(signUps).toHaveLength(1);
  });

  it('asks for 8 characters before sending anything', async () => {
    const signUps = fakeIdentity();
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Password'), 'abcdefg');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Must be 8 characters or longer')).toBeVisible();
    expect(signUps).toEqual([]);
  });

  it('says to check the inbox once the sign-up is sent, and signs nobody in', async () => {
    const message =
      'Check your inbox: we sent a link to ada@example.com. Open it to confirm your address and sign in.';
    const signUps = recordPostsTo('/api/sign-up', json({ message }, 202), {
      '/api/sign-in-options': json({ google: false }),
    });
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Driver');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'kx7q2mzw-long');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(signUps).toEqual([
      { name: 'Ada Driver', email: 'ada@example.com', password: 'kx7q2mzw-long' },
    ]);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
