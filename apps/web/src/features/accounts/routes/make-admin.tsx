import { DashboardPage } from '@/components/dashboard-page';
import { ListCount } from '@/components/list-count';
import { QueryTable } from '@/components/query-table';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';

import { useMakeAdmin, useUsers } from '../api/users';

const joined = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Users: Make Admin — every account, and a button to make a customer admin. */
export default function MakeAdminPage() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();

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
    <DashboardPage
      title="Users: Make Admin"
      aside={<ListCount list={users.data} one="account" many="accounts" />}
    >
      <QueryTable
        query={users}
        what="the accounts"
        columns={['Email', 'Name', 'Role', 'Joined', { label: 'Action', hidden: true }]}
      >
        {(user) => (
          <tr key={user.id}>
            <td>{user.email}</td>
            <td>{user.name}</td>
            <td>{user.role === 'admin' ? 'Admin' : 'Customer'}</td>
            <td>{joined.format(new Date(user.createdAt))}</td>
            <td>
              {user.role !== 'admin' && (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  aria-label={`Make ${user.email} an admin`}
                  disabled={makeAdmin.isPending}
                  onClick={() => void promote(user.email)}
                >
                  Make Admin
                </button>
              )}
            </td>
          </tr>
        )}
      </QueryTable>
    </DashboardPage>
  );
}
