import { lazy, Suspense } from 'react';

import { loadChunk } from '@/lib/lazy-page';
import { useSession } from '@/lib/session';

// Few visitors are signed in and unverified: the banner and its Resend arrive when one is.
const UnverifiedBanner = lazy(() => loadChunk(() => import('./unverified-banner')));

/**
 * On every page, for a signed-in customer whose address is not verified yet: what to do, and a
 * way to get a new link. Nothing waits for it: browsing and ordering work meanwhile.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <UnverifiedBanner email={user.email} />
    </Suspense>
  );
}
