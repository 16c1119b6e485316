import { Link, useParams } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/page-spinner';
import { AddToCartForm } from '@/features/cart/components/add-to-cart-form';
import { usePart } from '@/features/catalog/api/get-part';
import { PartSummary } from '@/features/catalog/components/part-details';
import NotFoundPage from '@/features/content/routes/not-found';
import { PartFitmentSection } from '@/features/fitment/components/part-fitment-section';
import { useFitConfirmation } from '@/features/fitment/use-fit-confirmation';
import { ApiError } from '@/lib/api';
import type { Part } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /parts/:id — a part's own page, open to everyone: what it is, what it costs, how many are left,
 * and the way to buy it. The server sends this address's HTML with the part's meta for search
 * engines and link previews (apps/server/src/modules/catalog/part-page.ts); a part not on sale is
 * the shop's not-found page, as any other unknown address. Anyone may put it in the cart; buying
 * it alone ("Buy now") asks for a sign-in.
 */
export default function PartPage() {
  const { id = '' } = useParams();
  const part = usePart(id);
  if (part.isPending) return <PageSpinner label="Loading the part…" />;
  if (part.isError) {
    if (part.error instanceof ApiError && part.error.status === 404) return <NotFoundPage />;
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="mb-4 text-2xl font-bold">The part could not be loaded</h1>
        <ErrorState
          title="Something went wrong on the way."
          message={part.error.message}
          onRetry={() => void part.refetch()}
        />
      </div>
    );
  }
  return <PartOnSale part={part.data} />;
}

/** A link of the breadcrumb: small text, yet a target a finger can hit (WCAG 2.5.8, 24 px). */
const CRUMB = 'link link-hover inline-flex min-h-8 items-center';
/** The pages above a part's: their addresses and names. */
const CRUMBS = [
  ['/', 'Home'],
  ['/#parts', 'Parts'],
] as const;

function PartOnSale({ part }: { part: Part }) {
  useDocumentTitle(part.name);
  const confirmFit = useFitConfirmation(part);
  // An order takes at least the minimum order, so fewer units than that cannot be bought.
  const orderable = part.stock >= part.minOrder;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 text-base-content/80">
          {CRUMBS.map(([to, label], i) => (
            <li key={to} className="flex items-center gap-x-2">
              {i > 0 && <span aria-hidden="true">/</span>}
              <Link to={to} className={CRUMB}>
                {label}
              </Link>
            </li>
          ))}
          <li className="flex max-w-full min-w-0 items-center gap-x-2">
            <span aria-hidden="true">/</span>
            <span aria-current="page" className="truncate font-medium text-base-content">
              {part.name}
            </span>
          </li>
        </ol>
      </nav>
      <PartSummary part={part}>
        <div className="card-actions mt-2 flex-col items-stretch gap-2 sm:flex-row sm:items-center">
          <Link to={`/purchase/${part.id}`} className="btn btn-primary btn-lg">
            Buy now
          </Link>
          {!orderable && (
            <p className="text-sm text-base-content/80">
              Out of stock: fewer units are left than one order must take.
            </p>
          )}
        </div>
        {/* After Buy now, which stays the next stop after the heading for the keyboard. */}
        {orderable && <AddToCartForm part={part} confirm={confirmFit} />}
      </PartSummary>
      <PartFitmentSection partId={part.id} />
    </div>
  );
}
