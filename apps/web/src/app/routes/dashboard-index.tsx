import { Navigate } from 'react-router';

import { PageSpinner } from '@/components/page-spinner';
import MyOrdersPage from '@/features/orders/routes/my-orders';
import { dashboardPaths } from '@/lib/paths';
import { useIsAdmin, useSession } from '@/lib/session';

/**
 * /dashboard: customers land on My Orders (requirements §2); admins are sent on to the Overview,
 * their first page (its own address, so the menu shows where they are and the chart's library
 * stays out of what customers download here).
 */
export default function DashboardIndex() {
  const { user } = useSession();
  const isAdmin = useIsAdmin(user?.email);
  if (isAdmin.isPending) return <PageSpinner />;
  if (isAdmin.data) return <Navigate to={dashboardPaths.overview} replace />;
  return <MyOrdersPage />;
}
