import { Route, Routes } from 'react-router';

import { lazyPage } from '@/lib/lazy-page';

import { RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home';

// Only the home page is in the first load; every other page (and the dashboard, its frame and
// its routes) arrives when it is visited.
const BlogsPage = lazyPage(() => import('@/features/content/routes/blogs'));
const MyPortfolioPage = lazyPage(() => import('@/features/content/routes/my-portfolio'));
const NotFoundPage = lazyPage(() => import('@/features/content/routes/not-found'));
const LoginPage = lazyPage(() => import('@/features/accounts/routes/login'));
const SignUpPage = lazyPage(() => import('@/features/accounts/routes/signup'));
const ConfirmEmailPage = lazyPage(() => import('@/features/accounts/routes/confirm-email'));
const ForgotPasswordPage = lazyPage(() => import('@/features/accounts/routes/forgot-password'));
const ResetPasswordPage = lazyPage(() => import('@/features/accounts/routes/reset-password'));
const CartPage = lazyPage(() => import('@/features/cart/routes/cart'));
const GaragePage = lazyPage(() => import('@/features/fitment/routes/garage'));
const DashboardRoutes = lazyPage(() => import('./dashboard-routes'));
const PartPage = lazyPage(() => import('./routes/part'));
const PurchasePage = lazyPage(() => import('./routes/purchase'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="blogs" element={<BlogsPage />} />
        <Route path="my-portfolio" element={<MyPortfolioPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignUpPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="parts/:id" element={<PartPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="garage" element={<GaragePage />} />
        <Route
          path="purchase/:id"
          element={
            <RequireAuth>
              <PurchasePage />
            </RequireAuth>
          }
        />
        <Route
          path="dashboard/*"
          element={
            <RequireAuth>
              <DashboardRoutes />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
