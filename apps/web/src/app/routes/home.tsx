import { Suspense } from 'react';

import { PartsSection } from '@/features/catalog/components/parts-section';
import { Hero } from '@/features/content/components/hero';
import { lazyPage } from '@/lib/lazy-page';
import { useDocumentTitle } from '@/lib/use-document-title';

const HomeLowerSections = lazyPage(() => import('./home-lower'));

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-16">
        <PartsSection />
        <Suspense fallback={null}>
          <HomeLowerSections />
        </Suspense>
      </div>
    </>
  );
}
