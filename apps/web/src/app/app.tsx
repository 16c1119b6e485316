import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';

import { createQueryClient } from '@/lib/query-client';

import { AppRoutes } from './router';
import { SessionSync } from './session-sync';

const Toasts = lazy(() => import('@/components/toasts'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionSync />
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}
