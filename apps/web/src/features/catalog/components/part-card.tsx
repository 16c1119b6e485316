import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PartPicture } from '@/components/part-picture';
import { formatCents } from '@/lib/format';
import type { Part } from '@/lib/shop';

/** What else a card offers beside "Buy now" (the app puts "Add to cart" there). */
export type PartCardAction = (part: Part) => ReactNode;

export function PartCard({
  part,
  action,
  note,
}: {
  part: Part;
  action?: PartCardAction | undefined;
  /** What the card says below the description (whether the part fits the customer's car). */
  note?: PartCardAction | undefined;
}) {
  return (
    <article className="card bg-base-100 shadow-md" aria-labelledby={`part-${part.id}`}>
      <figure className="aspect-[4/3] bg-neutral">
        {/* One column on a phone, two from 640 px, three from 1024 px (parts-section.tsx). */}
        <PartPicture
          image={part.image}
          name={part.name}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          className="h-full w-full object-cover"
          lazy
        />
      </figure>
      <div className="card-body gap-3">
        <h3 id={`part-${part.id}`} className="card-title text-lg">
          <Link to={`/parts/${part.id}`} className="link link-hover">
            {part.name}
          </Link>
        </h3>
        <p className="text-sm text-base-content/80">{part.description}</p>
        {note?.(part)}
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-base-content/70">Price</dt>
            <dd className="font-semibold">{formatCents(part.priceCents)}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Available</dt>
            <dd className="font-semibold">{part.stock}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Minimum order</dt>
            <dd className="font-semibold">{part.minOrder}</dd>
          </div>
        </dl>
        <div className="card-actions mt-auto justify-end">
          {action?.(part)}
          <Link
            to={`/purchase/${part.id}`}
            className="btn btn-primary"
            aria-label={`Buy now: ${part.name}`}
          >
            Buy now
          </Link>
        </div>
      </div>
    </article>
  );
}
