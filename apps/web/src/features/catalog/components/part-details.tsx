import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/page-spinner';
import { PartPicture } from '@/components/part-picture';
import { ApiError } from '@/lib/api';
import { formatCents } from '@/lib/format';
import type { Part } from '@/lib/shop';

import { usePart } from '../api/get-part';

/** One part in full, as the purchase page shows it. */
export function PartDetails({ id }: { id: string }) {
  const part = usePart(id);
  if (part.isPending) return <PageSpinner label="Loading the part…" />;
  if (part.isError) {
    if (part.error instanceof ApiError && part.error.status === 404) {
      return (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-2xl font-bold">This part is not in the catalogue</h1>
          <Link to="/#parts" className="btn btn-primary">
            See the parts on sale
          </Link>
        </div>
      );
    }
    return (
      <ErrorState
        title="The part could not be loaded."
        message={part.error.message}
        onRetry={() => void part.refetch()}
      />
    );
  }
  return <PartSummary part={part.data} />;
}

/**
 * A part in full: its picture, name (the page's heading), description, price, stock and minimum
 * order, and whatever the page offers to do with it (`children`, below them).
 */
export function PartSummary({ part, children }: { part: Part; children?: ReactNode }) {
  const { name, image, description, priceCents, stock, minOrder } = part;
  return (
    <article aria-labelledby="part-name" className="card bg-base-100 shadow-md md:card-side">
      <figure className="bg-neutral md:w-1/2 md:shrink-0">
        {/* Half the card from 768 px, the whole of it on a phone. */}
        <PartPicture
          image={image}
          name={name}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="h-full object-cover"
        />
      </figure>
      <div className="card-body">
        <h1 id="part-name" className="card-title text-2xl">
          {name}
        </h1>
        <p>{description}</p>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-base-content/70">Price</dt>
            <dd className="text-lg font-semibold">{formatCents(priceCents)}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">In stock</dt>
            <dd className="text-lg font-semibold">{stock}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">Minimum order</dt>
            <dd className="text-lg font-semibold">{minOrder}</dd>
          </div>
        </dl>
        {children}
      </div>
    </article>
  );
}
