import { PageSpinner } from '@/components/page-spinner';
import MakeAdminPage from '@/features/accounts/routes/make-admin';
import MyOrdersPage from '@/features/orders/routes/my-orders';
import { useIsAdmin, useSession } from '@/lib/session';

import { RequireAdmin } from '../guards';

/**
 * /dashboard: admins land on Users: Make Admin (guarded), customers on My Orders (requirements §2).
 */
export default function DashboardIndex() {
  const { user } = useSession();
  const isAdmin = useIsAdmin(user?.email);
  if (isAdmin.isPending) return <PageSpinner />;
  if (isAdmin.data) {
    return (
      <RequireAdmin>
        <MakeAdminPage />
      </RequireAdmin>
    );
  }
  return <MyOrdersPage />;
}
