import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { PartPicture } from '@/components/part-picture';
import { focusOn } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import type { CartLine } from '@/lib/shop';

import { QuantityForm } from './quantity-form';

interface CartLineItemProps {
  line: CartLine;
  /** Sets the line's quantity; what it throws shows under the quantity. */
  onSetQuantity: (quantity: number) => Promise<void>;
  /** Accepts the part's price now for this line; answers whether it was accepted. */
  onUseNewPrice: () => Promise<boolean>;
  onRemove: () => Promise<void>;
}

/**
 * One line of the cart: the part (its name leads to its page), its unit price, the quantity
 * within its rules, Remove, and what stands in the way of ordering it. A price that changed since
 * the customer saw it shows both prices, and "Use the new price" accepts the new one.
 */
export function CartLineItem({ line, onSetQuantity, onUseNewPrice, onRemove }: CartLineItemProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { partId, name, quantity, minOrder, stock, problem } = line;
  const priceChanged = line.unitPriceCents !== line.shownUnitPriceCents;
  // A quantity can be chosen only while the part is on sale with enough for one order.
  const choosable = problem !== 'archived' && stock >= minOrder;

  // One press at a time: a second "Remove" before the first is done does nothing.
  const once = (action: () => Promise<void>) => async () => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  // The price accepted, its button is gone: focus goes to the line, not to the page's top.
  const acceptNewPrice = async () => {
    if ((await onUseNewPrice()) && heading.current) focusOn(heading.current);
  };

  return (
    <li className="card bg-base-100 shadow-sm sm:card-side" aria-labelledby={`${id}-name`}>
      <figure className="bg-neutral sm:w-40 sm:shrink-0">
        <PartPicture
          image={line.image}
          name={name}
          alt=""
          sizes="(min-width: 640px) 160px, 100vw"
          className="aspect-[4/3] h-full w-full object-cover"
          lazy
        />
      </figure>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-name`} ref={heading} className="card-title text-lg">
            <Link to={`/parts/${partId}`} className="link link-hover">
              {name}
            </Link>
          </h2>
          <p className="font-semibold">{formatCents(quantity * line.unitPriceCents)}</p>
        </div>
        <p className="text-sm">
          {priceChanged ? (
            <>
              Unit price now {formatCents(line.unitPriceCents)}{' '}
              <span className="text-base-content/80">
                (was {formatCents(line.shownUnitPriceCents)})
              </span>
            </>
          ) : (
            <>Unit price {formatCents(line.unitPriceCents)}</>
          )}
        </p>
        {line.message && (
          <p className="rounded-box bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
            {line.message}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          {choosable && (
            <QuantityForm
              id={`${id}-quantity`}
              minOrder={minOrder}
              stock={stock}
              quantity={quantity}
              label={
                <>
                  Quantity<span className="sr-only"> of {name}</span>
                </>
              }
              button={{
                text: 'Update',
                name: `Update the quantity of ${name}`,
                className: 'btn btn-sm btn-primary self-start',
              }}
              onSave={onSetQuantity}
              failed={`The quantity of ${name} was not changed`}
              className="flex max-w-xs flex-col gap-2"
            />
          )}
          {problem === 'price-changed' && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={`Use the new price for ${name}`}
              aria-disabled={busy || undefined}
              onClick={() => void once(acceptNewPrice)()}
            >
              Use the new price
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Remove ${name} from the cart`}
            aria-disabled={busy || undefined}
            onClick={() => void once(onRemove)()}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
