import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';

import { useToastsWanted } from '@/lib/notify';
import { createQueryClient } from '@/lib/query-client';

import { AppRoutes } from './router';
import { SessionSync } from './session-sync';

const Toasts = lazy(() => import('@/components/toasts'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  // Mounted with the first message, not with the first page: no page waits for it to download.
  const toastsWanted = useToastsWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionSync />
        <AppRoutes />
      </BrowserRouter>
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
