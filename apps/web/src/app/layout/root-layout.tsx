import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

import { PageErrorBoundary } from '@/components/page-error-boundary';
import { PageSpinner } from '@/components/page-spinner';
import { focusOn } from '@/lib/focus';

import { Footer } from './footer';
import { Navbar } from './navbar';
import { RouteAnnouncer } from './route-focus';

/** Skips the header: focus moves to the page itself, so the next Tab starts there. */
function skipToContent(event: React.MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.scrollIntoView();
  focusOn(main, { preventScroll: true });
}

export function RootLayout() {
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      {/* Above the sticky header (z-20), or the first Tab would land on something unseen. */}
      <a
        href="#main"
        className="btn sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        onClick={skipToContent}
      >
        Skip to content
      </a>
      <RouteAnnouncer />
      <Navbar />
      {/* At least a screen tall: the footer starts below the first screen, so a page that
          arrives after its script replaces the spinner without pushing the footer around. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
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
