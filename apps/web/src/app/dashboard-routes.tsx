import { Route, Routes } from 'react-router';

import { lazyPage } from '@/lib/lazy-page';
import { dashboardSegments } from '@/lib/paths';

import { RequireAdmin } from './guards';
import { DashboardLayout } from './layout/dashboard-layout';

const MyProfilePage = lazyPage(() => import('@/features/accounts/routes/my-profile'));
const MakeAdminPage = lazyPage(() => import('@/features/accounts/routes/make-admin'));
const ManageOrdersPage = lazyPage(() => import('@/features/orders/routes/manage-orders'));
const OutboxPage = lazyPage(() => import('@/features/mail/routes/outbox'));
const AddReviewPage = lazyPage(() => import('@/features/reviews/routes/add-review'));
const ManageProductsPage = lazyPage(() => import('@/features/catalog/routes/manage-products'));
const AddProductPage = lazyPage(() => import('@/features/catalog/routes/add-product'));
const EditProductPage = lazyPage(() => import('@/features/catalog/routes/edit-product'));
const ActivityPage = lazyPage(() => import('@/features/activity/routes/activity'));
// The chart's library comes with this page alone.
const OverviewPage = lazyPage(() => import('@/features/overview/routes/overview'));
const BackupsPage = lazyPage(() => import('@/features/backups/routes/backups'));
const PaymentPage = lazyPage(() => import('./routes/payment'));
const DashboardIndex = lazyPage(() => import('./routes/dashboard-index'));
const NotFoundPage = lazyPage(() => import('@/features/content/routes/not-found'));

/**
 * Everything under /dashboard (signed in only, router.tsx sees to it): this table and the
 * dashboard's frame arrive together with the first visit to the dashboard, each page with its own.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<DashboardIndex />} />
        <Route path={dashboardSegments.myProfile} element={<MyProfilePage />} />
        <Route path={dashboardSegments.addReview} element={<AddReviewPage />} />
        <Route path={dashboardSegments.payment} element={<PaymentPage />} />
        <Route
          path={dashboardSegments.manageOrders}
          element={
            <RequireAdmin>
              <ManageOrdersPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.users}
          element={
            <RequireAdmin>
              <MakeAdminPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.manageProducts}
          element={
            <RequireAdmin>
              <ManageProductsPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.addProduct}
          element={
            <RequireAdmin>
              <AddProductPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.outbox}
          element={
            <RequireAdmin>
              <OutboxPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.editProduct}
          element={
            <RequireAdmin>
              <EditProductPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.overview}
          element={
            <RequireAdmin>
              <OverviewPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.activity}
          element={
            <RequireAdmin>
              <ActivityPage />
            </RequireAdmin>
          }
        />
        <Route
          path={dashboardSegments.backups}
          element={
            <RequireAdmin>
              <BackupsPage />
            </RequireAdmin>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
