import { Route, Routes } from 'react-router';

import { lazyPage } from '@/lib/lazy-page';
import { dashboardSegments } from '@/lib/paths';

import { RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home';

// Only the home page is in the first load; every other page (and the dashboard's frame) arrives
// when it is visited.
const BlogsPage = lazyPage(() => import('@/features/content/routes/blogs'));
const MyPortfolioPage = lazyPage(() => import('@/features/content/routes/my-portfolio'));
const NotFoundPage = lazyPage(() => import('@/features/content/routes/not-found'));
const LoginPage = lazyPage(() => import('@/features/accounts/routes/login'));
const SignUpPage = lazyPage(() => import('@/features/accounts/routes/signup'));
const VerifyEmailPage = lazyPage(() => import('@/features/accounts/routes/verify-email'));
const ForgotPasswordPage = lazyPage(() => import('@/features/accounts/routes/forgot-password'));
const ResetPasswordPage = lazyPage(() => import('@/features/accounts/routes/reset-password'));
const MyProfilePage = lazyPage(() => import('@/features/accounts/routes/my-profile'));
const MakeAdminPage = lazyPage(() => import('@/features/accounts/routes/make-admin'));
const ManageOrdersPage = lazyPage(() => import('@/features/orders/routes/manage-orders'));
const OutboxPage = lazyPage(() => import('@/features/mail/routes/outbox'));
const AddReviewPage = lazyPage(() => import('@/features/reviews/routes/add-review'));
const ManageProductsPage = lazyPage(() => import('@/features/catalog/routes/manage-products'));
const AddProductPage = lazyPage(() => import('@/features/catalog/routes/add-product'));
const EditProductPage = lazyPage(() => import('@/features/catalog/routes/edit-product'));
const ActivityPage = lazyPage(() => import('@/features/activity/routes/activity'));
const BackupsPage = lazyPage(() => import('@/features/backups/routes/backups'));
const PartPage = lazyPage(() => import('./routes/part'));
const PurchasePage = lazyPage(() => import('./routes/purchase'));
const PaymentPage = lazyPage(() => import('./routes/payment'));
const DashboardIndex = lazyPage(() => import('./routes/dashboard-index'));
const DashboardLayout = lazyPage(() =>
  import('./layout/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="blogs" element={<BlogsPage />} />
        <Route path="my-portfolio" element={<MyPortfolioPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignUpPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="parts/:id" element={<PartPage />} />
        <Route
          path="purchase/:id"
          element={
            <RequireAuth>
              <PurchasePage />
            </RequireAuth>
          }
        />
        <Route
          path="dashboard"
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
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
      </Route>
    </Routes>
  );
}
