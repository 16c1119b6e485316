import { Route, Routes } from 'react-router';

import { lazyPage } from '@/lib/lazy-page';

import { RootLayout } from './layout/root-layout';
import { HomePage } from './routes/home';

// Only the home page is in the first load; every other page arrives when it is visited.
const BlogsPage = lazyPage(() => import('@/features/content/routes/blogs'));
const MyPortfolioPage = lazyPage(() => import('@/features/content/routes/my-portfolio'));
const NotFoundPage = lazyPage(() => import('@/features/content/routes/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="blogs" element={<BlogsPage />} />
        <Route path="my-portfolio" element={<MyPortfolioPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
