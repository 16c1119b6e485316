import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useMakeAdmin, useUsers } from '../api/users';

const joined = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Users: Make Admin — every account, and a button to make a customer admin. */
export default function MakeAdminPage() {
  useDocumentTitle('Users: Make Admin');
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
    <section aria-labelledby="users-heading" className="flex flex-col gap-6">
      {/* The count beside the heading, not in it: a heading is read as one name, and
          "Users: Make Admin2 accounts" is not a sentence. */}
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 id="users-heading" className="text-3xl font-bold">
          Users: Make Admin
        </h1>
        {users.data && (
          <p className="text-base-content/80">
            {users.data.length} {users.data.length === 1 ? 'account' : 'accounts'}
          </p>
        )}
      </div>
      <QueryStatus
        query={users}
        loading="Loading the accounts…"
        failed="The accounts could not be loaded."
      >
        {(list) => (
          <DataTable
            columns={['Email', 'Name', 'Role', 'Joined', { label: 'Action', hidden: true }]}
          >
            {list.map((user) => (
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
            ))}
          </DataTable>
        )}
      </QueryStatus>
    </section>
  );
}
