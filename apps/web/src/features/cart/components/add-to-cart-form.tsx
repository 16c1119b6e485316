import { useId } from 'react';
import { Link } from 'react-router';

import { notify } from '@/lib/notify';

import { type CartPart, setLine } from '../cart-writes';
import { useCart } from '../use-cart';
import { QuantityForm } from './quantity-form';

/**
 * The part page's "Add to cart": a quantity within the part's rules, with the spec's hint. A part
 * already in the cart starts from the cart's quantity, and the cart's line takes the one chosen.
 */
export function AddToCartForm({
  part,
  confirm,
}: {
  part: CartPart;
  /** Asked before a part goes in the cart; false leaves the cart as it is. */
  confirm?: (() => boolean) | undefined;
}) {
  const id = useId();
  const holder = useCart();
  const line = holder.cart?.lines.find((other) => other.partId === part.id);
  const save = async (quantity: number) => {
    // Asked only for a part not in the cart yet: a quantity change was confirmed when it went in.
    if (!line && confirm && !confirm()) return;
    await setLine(holder, part, quantity, part.priceCents);
    void notify('success', `In your cart: ${quantity} × ${part.name}`);
  };
  return (
    <div className="flex flex-col gap-2">
      <QuantityForm
        id={`${id}-quantity`}
        minOrder={part.minOrder}
        stock={part.stock}
        quantity={line?.quantity ?? part.minOrder}
        label="Quantity"
        button={{
          text: line ? 'Update the cart' : 'Add to cart',
          className: 'btn btn-outline btn-primary',
        }}
        onSave={save}
        failed={`${part.name} was not added to your cart`}
        className="flex max-w-xs flex-col gap-2"
      />
      {line && (
        <p className="text-sm">
          Your cart holds {line.quantity}.{' '}
          <Link to="/cart" className="link link-primary">
            See your cart
          </Link>
        </p>
      )}
    </div>
  );
}
