import { Quote } from 'lucide-react';

import { ErrorState } from '@/components/error-state';
import { ListCount } from '@/components/list-count';
import { StarRating } from '@/components/star-rating';

import { type Review, useReviews } from '../api/get-reviews';

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card h-full bg-base-100 shadow-md">
      <div className="card-body gap-3">
        <Quote aria-hidden="true" className="size-6 text-primary" />
        <StarRating rating={review.rating} />
        <blockquote className="text-base-content/90">{review.description}</blockquote>
        <figcaption className="mt-auto font-semibold">{review.reviewerName}</figcaption>
      </div>
    </figure>
  );
}

function ReviewSkeleton() {
  return (
    <div className="card bg-base-100 shadow-md" aria-hidden="true">
      <div className="card-body gap-3">
        <div className="skeleton h-4 w-24" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-4/5" />
        <div className="skeleton h-4 w-32" />
      </div>
    </div>
  );
}

export function ReviewsSection() {
  const reviews = useReviews();
  return (
    <section aria-labelledby="reviews-heading">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-3xl font-bold">
          Customer reviews
        </h2>
        <ListCount list={reviews.data} one="review" many="reviews" />
      </div>
      {reviews.isPending && (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading reviews…</span>
          {Array.from({ length: 3 }, (_, i) => (
            <ReviewSkeleton key={i} />
          ))}
        </div>
      )}
      {reviews.isError && (
        <ErrorState
          title="The reviews could not be loaded."
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
        />
      )}
      {reviews.data?.length === 0 && (
        <p className="text-base-content/80">No reviews yet. Be the first to tell us how it went.</p>
      )}
      {reviews.data && reviews.data.length > 0 && (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
