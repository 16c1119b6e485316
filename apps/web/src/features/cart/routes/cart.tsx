import { type RefObject, useRef } from 'react';
import { Link } from 'react-router';

import { QueryErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/page-spinner';
import { focusOn } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { notify, notifyOutcome } from '@/lib/notify';
import type { Cart, CartLine } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

import { type CartPart, removeLine, setLine } from '../cart-writes';
import { CartLineItem } from '../components/cart-line-item';
import { CheckoutForm } from '../components/checkout-form';
import { type CartHolder, useCart } from '../use-cart';

/** Where "Sign in to check out" comes back to once signed in. */
const BACK_TO_CART = { from: { pathname: '/cart' } };

/** The part of a line, as the cart's calls take it: at the price it has now. */
const partOf = (line: CartLine): CartPart => ({
  ...line,
  id: line.partId,
  priceCents: line.unitPriceCents,
});

/**
 * /cart — the cart, open to visitors and customers: its lines, their total, and for a customer
 * the checkout; a visitor signs in first, and the cart comes along.
 */
export default function CartPage() {
  useDocumentTitle('Cart');
  const heading = useRef<HTMLHeadingElement>(null);
  const holder = useCart();
  const { cart, query } = holder;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6 sm:py-10">
      <h1 ref={heading} className="text-3xl font-bold">
        Cart
      </h1>
      <QueryErrorState query={query} title="Your cart could not be loaded." />
      {cart ? (
        <CartContents cart={cart} holder={holder} heading={heading} />
      ) : (
        !query.isError && <PageSpinner label="Loading your cart…" />
      )}
    </div>
  );
}

interface CartContentsProps {
  cart: Cart;
  holder: CartHolder;
  heading: RefObject<HTMLHeadingElement | null>;
}

function CartContents({ cart, holder, heading }: CartContentsProps) {
  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>Your cart is empty.</p>
        <Link to="/#parts" className="btn btn-primary">
          Browse the parts
        </Link>
      </div>
    );
  }

  const problems = cart.lines.filter((line) => line.problem !== null).length;
  const setQuantity = (line: CartLine) => async (quantity: number) => {
    // The price stays the one the customer was shown: a new one is accepted only on purpose.
    await setLine(holder, partOf(line), quantity, line.shownUnitPriceCents);
    void notify('success', `Cart updated: ${quantity} × ${line.name}`);
  };
  const acceptNewPrice = (line: CartLine) => async () => {
    let accepted = false;
    await notifyOutcome(() => setLine(holder, partOf(line), line.quantity, line.unitPriceCents), {
      done: `${line.name} is in your cart at ${formatCents(line.unitPriceCents)}`,
      failed: `The price of ${line.name} was not updated`,
      then: () => {
        accepted = true;
      },
    });
    return accepted;
  };
  const remove = (line: CartLine) => () =>
    notifyOutcome(() => removeLine(holder, line.partId), {
      done: `${line.name} removed from your cart`,
      failed: `${line.name} was not removed`,
      // The line and its button are gone: focus goes to the cart's heading, not the page's top.
      then: () => {
        if (heading.current) focusOn(heading.current);
      },
    });

  return (
    <>
      <ul aria-label="Parts in your cart" className="flex flex-col gap-4">
        {cart.lines.map((line) => (
          <CartLineItem
            key={line.partId}
            line={line}
            onSetQuantity={setQuantity(line)}
            onUseNewPrice={acceptNewPrice(line)}
            onRemove={remove(line)}
          />
        ))}
      </ul>
      <p className="text-xl" aria-live="polite">
        Total: <span className="font-bold">{formatCents(cart.totalCents)}</span>
      </p>
      {problems > 0 && (
        <p className="text-sm">
          {problems === 1 ? 'One part' : `${problems} parts`} cannot be ordered as{' '}
          {problems === 1 ? 'it stands' : 'they stand'}: see the words beside{' '}
          {problems === 1 ? 'it' : 'them'}.
        </p>
      )}
      {holder.account === 'customer' ? (
        <CheckoutForm />
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p>Your cart is kept in this browser. Sign in to order: it comes with you.</p>
          <Link to="/login" state={BACK_TO_CART} className="btn btn-primary">
            Sign in to check out
          </Link>
        </div>
      )}
    </>
  );
}
