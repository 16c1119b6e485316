import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerFetchWith, json, renderWithProviders } from '@/test/render';

import { GoogleSignIn } from './google-sign-in';

afterEach(() => vi.unstubAllGlobals());

const signedIn = async () => undefined;
const failed = () => undefined;

describe('GoogleSignIn', () => {
  it('stays visible but disabled, saying why, when Google is not set up', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json({ google: false })));
    renderWithProviders(<GoogleSignIn returnTo="/" onSignedIn={signedIn} onError={failed} />);
    expect(await screen.findByText('Google sign-in is not set up for this shop.')).toBeVisible();
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Google sign-in is not set up for this shop.');
  });

  it('is ready when Google is set up', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json({ google: true })));
    renderWithProviders(<GoogleSignIn returnTo="/" onSignedIn={signedIn} onError={failed} />);
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    await vi.waitFor(() => expect(button).toBeEnabled());
  });
});
