import { useState } from 'react';

import { errorMessage } from '@/lib/api';
import { loadChunk } from '@/lib/lazy-page';
import { notify } from '@/lib/notify';

import type { CartPart } from '../cart-writes';
import { useCart } from '../use-cart';

/**
 * A part card's "Add to cart": the part's minimum order, or one more unit of it. What happened is
 * said in a toast, which screen readers announce.
 */
export function AddToCartButton({
  part,
  confirm,
}: {
  part: CartPart;
  /** Asked first; false leaves the cart as it is (a part that does not fit the customer's car). */
  confirm?: (() => boolean) | undefined;
}) {
  const holder = useCart();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (busy || (confirm && !confirm())) return;
    setBusy(true);
    try {
      const { addOne } = await loadChunk(() => import('../cart-writes'));
      const quantity = await addOne(holder, part);
      void notify('success', `In your cart: ${quantity} × ${part.name}`);
    } catch (error) {
      void notify('error', errorMessage(error, `${part.name} was not added to your cart`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary"
      aria-label={`Add to cart: ${part.name}`}
      aria-disabled={busy || undefined}
      onClick={() => void add()}
    >
      Add to cart
    </button>
  );
}
