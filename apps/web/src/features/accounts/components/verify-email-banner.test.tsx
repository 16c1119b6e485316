import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, renderWithProviders } from '@/test/render';

import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => vi.unstubAllGlobals());

const customer = (emailVerified: boolean) => ({
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified },
});

/** A signed-in customer's session, and the shop's answer to Resend. */
function fakeIdentity(emailVerified: boolean, resend: () => Response) {
  const resends: unknown[] = [];
  const sessionsAsked = { count: 0 };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/get-session') {
      sessionsAsked.count++;
      return json(customer(emailVerified))();
    }
    if (url === '/api/auth/send-verification-email') {
      resends.push(JSON.parse(init?.body as string));
      return resend();
    }
    return json(null)();
  });
  return { resends, sessionsAsked };
}

describe('the verification banner', () => {
  it('tells an unverified customer, and Resend mails a new link', async () => {
    const { resends } = fakeIdentity(false, json({ status: true }));
    renderWithProviders(<VerifyEmailBanner />);
    const banner = await screen.findByRole('region', {
      name: 'Your email address is not verified',
    });
    expect(banner).toHaveTextContent('We sent a link to ada@example.com');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Resend' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('We sent a new link to ada@example.com.')).toBeVisible();
    expect(resends).toEqual([{ email: 'ada@example.com' }]);
  });

  it('says when Resend is limited, and how long to wait', async () => {
    fakeIdentity(
      false,
      () =>
        new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '3540' },
        }),
    );
    renderWithProviders(<VerifyEmailBanner />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You can ask for a new link 3 times an hour: try again in 59 minutes.',
    );
  });

  it('is not shown once the address is verified', async () => {
    const { sessionsAsked } = fakeIdentity(true, json({ status: true }));
    renderWithProviders(<VerifyEmailBanner />);
    await vi.waitFor(() => expect(sessionsAsked.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
