import { Star } from 'lucide-react';

import { RATING_MAX } from '@apex/contract';

/** Filled stars for a rating; screen readers hear "Rated 4 out of 5". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of ${RATING_MAX}`} className="flex gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i < rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-base-300'}
        />
      ))}
    </div>
  );
}
