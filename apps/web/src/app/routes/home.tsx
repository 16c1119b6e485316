import { Suspense } from 'react';

import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { PartsSection } from '@/features/catalog/components/parts-section';
import { Hero } from '@/features/content/components/hero';
import { lazyPage } from '@/lib/lazy-page';
import type { Part } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

const HomeLowerSections = lazyPage(() => import('./home-lower'));

const addToCart = (part: Part) => <AddToCartButton part={part} />;

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-16">
        <PartsSection cardAction={addToCart} />
        <Suspense fallback={null}>
          <HomeLowerSections />
        </Suspense>
      </div>
    </>
  );
}
