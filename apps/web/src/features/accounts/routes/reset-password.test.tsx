import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, recordPostsTo, renderWithProviders } from '@/test/render';

import LoginPage from './login';
import ResetPasswordPage from './reset-password';

afterEach(() => vi.unstubAllGlobals());

const TOO_COMMON = 'This password is too common: choose another';

/** The identity service as the pages see it, answering the new password with `answer`. */
const fakeIdentity = (answer: () => Response) =>
  recordPostsTo('/api/auth/reset-password', answer, {
    '/api/sign-in-options': json({ google: false }),
  });

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route },
  );
}

async function choose(password: string) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Reset password', () => {
  it('asks for 8 characters before sending anything', async () => {
    const resets = fakeIdentity(json({ status: true }));
    renderAt('/reset-password?token=abc');
    await choose('abcdefg');
    expect(await screen.findByText('Must be 8 characters or longer')).toBeVisible();
    expect(resets).toEqual([]);
  });

  it("shows the server's refusal of a common password under the field", async () => {
    fakeIdentity(
      json(
        {
          code: 'PASSWORD_TOO_COMMON',
          message: TOO_COMMON,
          fields: [{ field: 'body.newPassword', message: TOO_COMMON }],
        },
        400,
      ),
    );
    renderAt('/reset-password?token=abc');
    await choose('password1');
    expect(await screen.findByText(TOO_COMMON)).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(TOO_COMMON);
  });

  it('sends the customer to login with word that the password is changed', async () => {
    const resets = fakeIdentity(json({ status: true }));
    renderAt('/reset-password?token=abc');
    await choose('a-new-password-9');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password is changed: sign in with the new one.',
    );
    expect(resets).toEqual([{ newPassword: 'a-new-password-9', token: 'abc' }]);
  });

  it('offers a new link when the link was used or has expired', async () => {
    fakeIdentity(json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400));
    renderAt('/reset-password?token=used');
    await choose('a-new-password-9');
    expect(
      await screen.findByRole('heading', { name: 'This reset link does not work' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says so at once when the server sent the browser here with an error', () => {
    fakeIdentity(json({ status: true }));
    renderAt('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('heading', { name: 'This reset link does not work' })).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
