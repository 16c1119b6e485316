import { ErrorState } from '@/components/error-state';

import { useParts } from '../api/get-parts';
import { PartCard } from './part-card';

function PartCardSkeleton() {
  return (
    <div className="card bg-base-100 shadow-md" aria-hidden="true">
      <div className="skeleton aspect-[4/3] rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="skeleton mt-4 h-10 w-28 self-end" />
      </div>
    </div>
  );
}

/** The catalog on the home page: where "Purchase" in the navigation leads. */
export function PartsSection() {
  const parts = useParts();
  return (
    <section id="parts" aria-labelledby="parts-heading" className="scroll-mt-20">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="parts-heading" className="text-3xl font-bold">
          Parts
        </h2>
        {parts.data && (
          <p className="text-base-content/80" aria-live="polite">
            {parts.data.length} {parts.data.length === 1 ? 'part' : 'parts'} available
          </p>
        )}
      </div>
      {parts.isPending && (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading parts…</span>
          {Array.from({ length: 6 }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      )}
      {parts.isError && (
        <ErrorState
          title="The parts could not be loaded."
          message={parts.error.message}
          onRetry={() => void parts.refetch()}
        />
      )}
      {parts.data && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {parts.data.map((part) => (
            <li key={part.id} className="flex">
              <PartCard part={part} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
