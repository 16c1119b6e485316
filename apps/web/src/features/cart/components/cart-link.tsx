import { NavLink } from 'react-router';

import { CartIcon } from '@/components/icons';

import { useCart } from '../use-cart';

/**
 * The navbar's way to the cart, with how many parts it holds. It counts lines, not units: parts
 * sell by minimum orders (a set of four, a box of forty), so a count of units would jump by tens
 * and say little, while the number of parts says what the cart holds.
 */
export function CartLink() {
  const { cart } = useCart();
  const count = cart?.lines.length;
  const label = count === undefined ? 'Cart' : `Cart, ${count === 0 ? 'empty' : plural(count)}`;
  return (
    <NavLink
      to="/cart"
      aria-label={label}
      className={({ isActive }) =>
        `btn relative btn-square btn-ghost ${isActive ? 'text-primary' : ''}`
      }
    >
      <CartIcon className="size-6" />
      {count !== undefined && count > 0 && (
        <span
          aria-hidden="true"
          className="badge absolute -top-1 -right-1 badge-sm font-semibold badge-primary"
        >
          {count}
        </span>
      )}
    </NavLink>
  );
}

const plural = (count: number) => `${count} ${count === 1 ? 'part' : 'parts'}`;
