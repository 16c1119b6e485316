import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AdminUsersPage, User } from '@apex/contract';

import { answerByAddress, renderWithProviders } from '@/test/render';

import MakeAdminPage from './make-admin';

afterEach(() => vi.unstubAllGlobals());

const account = (n: number): User => ({
  _id: `u${n}`,
  email: `driver${n}@example.com`,
  name: `Driver ${n}`,
  role: 'user',
  createdAt: '2026-05-01T12:00:00.000Z',
});

describe('Users: Make Admin', () => {
  it('finds accounts by the start of an e-mail or name, and Show more goes on after the last', async () => {
    const fetch = answerByAddress<AdminUsersPage>({
      '/api/manage/users': { users: [account(1)], next: null },
      '/api/manage/users?q=dri%25_': { users: [account(2)], next: 'c2' },
      '/api/manage/users?q=dri%25_&cursor=c2': { users: [account(3)], next: null },
    });
    renderWithProviders(<MakeAdminPage />, { route: '/dashboard/users' });
    expect(await screen.findByText('driver1@example.com')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 account shown');

    const search = screen.getByRole('search', { name: 'Find accounts' });
    await userEvent.type(within(search).getByLabelText('E-mail or name'), ' dri%_ {Enter}');
    expect(await screen.findByText('driver2@example.com')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const row = (await screen.findByText('driver3@example.com')).closest('tr');
    expect(row).toHaveFocus();
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/manage/users?q=dri%25_&cursor=c2',
      expect.anything(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 accounts shown');
  });
});
