import { Suspense } from 'react';

import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { PartsSection } from '@/features/catalog/components/parts-section';
import { Hero } from '@/features/content/components/hero';
import { CardFitNote } from '@/features/fitment/components/fit-note';
import { VehicleBar } from '@/features/fitment/components/vehicle-bar';
import { useFitConfirmation } from '@/features/fitment/use-fit-confirmation';
import { lazyPage } from '@/lib/lazy-page';
import type { Part } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

const HomeLowerSections = lazyPage(() => import('./home-lower'));

/** "Add to cart", asking first when the part does not fit the customer's vehicle. */
function FitCheckedAddToCart({ part }: { part: Part }) {
  const confirm = useFitConfirmation(part);
  return <AddToCartButton part={part} confirm={confirm} />;
}

const addToCart = (part: Part) => <FitCheckedAddToCart part={part} />;
const fitNote = (part: Part) => <CardFitNote partId={part.id} />;

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-16">
        <PartsSection cardAction={addToCart} cardNote={fitNote} vehicleBar={<VehicleBar />} />
        <Suspense fallback={null}>
          <HomeLowerSections />
        </Suspense>
      </div>
    </>
  );
}
