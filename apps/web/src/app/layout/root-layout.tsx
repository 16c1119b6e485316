import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { PageErrorBoundary } from '@/components/page-error-boundary';
import { PageSpinner } from '@/components/page-spinner';
import { VerifyEmailBanner } from '@/features/accounts/components/verify-email-banner';

import { Footer } from './footer';
import { Navbar } from './navbar';

/** A new page starts at its top, or at the section its address names (/#parts). */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function RootLayout() {
  const location = useLocation();
  useScrollOnNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <a
        href="#main"
        className="btn sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <VerifyEmailBanner />
      {/* At least a screen tall: the footer starts below the first screen, so a page that
          arrives after its script replaces the spinner without pushing the footer around. */}
      <main id="main" className="min-h-screen flex-1">
        {/* Keyed by path: a page that failed does not keep the next one from showing. */}
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
