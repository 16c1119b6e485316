import { useSearchParams } from 'react-router';

import { ADMIN_SEARCH_MAX_LENGTH } from '@apex/contract';

import { DashboardPage } from '@/components/dashboard-page';
import { ListSearchForm } from '@/components/list-search-form';
import { PagedTable } from '@/components/paged-table';
import { QueryStatus } from '@/components/query-status';
import { ApiError } from '@/lib/api';
import { STAY_IN_PLACE } from '@/lib/navigation-state';
import { notify } from '@/lib/notify';
import { useShowMore } from '@/lib/use-show-more';

import { type Account, useMakeAdmin, useUsers } from '../api/users';

const joined = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

const rowId = (user: Account) => `user-${user.id}`;
const usersOf = (page: { users: Account[] }) => page.users;

/**
 * Users: Make Admin — the accounts, newest first, 50 at a time, found by the start of an e-mail
 * or name (kept in the address), and a button to make a customer admin.
 */
export default function MakeAdminPage() {
  const [params, setParams] = useSearchParams();
  const words = (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX_LENGTH);
  const users = useUsers(words);
  const makeAdmin = useMakeAdmin();
  const showMore = useShowMore(users, usersOf, rowId);
  const search = (next: string) =>
    setParams(next ? new URLSearchParams({ q: next }) : new URLSearchParams(), {
      state: STAY_IN_PLACE,
    });

  const promote = async (email: string) => {
    try {
      await makeAdmin.mutateAsync(email);
      void notify('success', 'Successfully made an admin');
    } catch (error) {
      const denied = error instanceof ApiError && error.status === 403;
      void notify('error', denied ? 'Failed to make an admin' : 'The account was not changed');
    }
  };

  return (
    <DashboardPage title="Users: Make Admin">
      <ListSearchForm
        label="Find accounts"
        fieldLabel="E-mail or name"
        words={words}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        onSearch={search}
      />
      <QueryStatus query={users} what="the accounts">
        {({ pages }) => {
          const list = pages.flatMap((page) => page.users);
          if (list.length === 0) {
            return (
              <div className="flex flex-wrap items-center gap-3">
                <p role="status">No accounts match this search.</p>
                <button type="button" className="btn btn-sm" onClick={() => search('')}>
                  Show every account
                </button>
              </div>
            );
          }
          return (
            <PagedTable
              query={users}
              progress={{ shown: list.length, one: 'account', many: 'accounts' }}
              onShowMore={showMore}
              columns={['Email', 'Name', 'Role', 'Joined', { label: 'Action', hidden: true }]}
            >
              {list.map((user) => (
                <tr key={user.id} id={rowId(user)}>
                  <td>{user.email}</td>
                  <td>{user.name}</td>
                  <td>{user.role === 'admin' ? 'Admin' : 'Customer'}</td>
                  <td>{joined.format(new Date(user.createdAt))}</td>
                  <td>
                    {user.role !== 'admin' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        aria-label={`Make Admin: ${user.email}`}
                        disabled={makeAdmin.isPending}
                        onClick={() => void promote(user.email)}
                      >
                        Make Admin
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </PagedTable>
          );
        }}
      </QueryStatus>
    </DashboardPage>
  );
}
