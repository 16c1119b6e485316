import { useId, useState } from 'react';
import { Link } from 'react-router';

import {
  isOrderQuantityAllowed,
  type Order,
  orderQuantityHint,
  type Part,
  PlaceOrderSchema,
} from '@apex/contract';

import { TextAreaField, TextField } from '@/components/form-field';
import { errorMessage } from '@/lib/api';
import { useFocusWhenShown } from '@/lib/focus';
import { formatPrice } from '@/lib/format';
import { notify } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';

import { usePlaceOrder } from '../api/orders';

/** The order form of the purchase page: a quantity within the part's rules, phone and address. */
export function OrderForm({ part }: { part: Part }) {
  const id = useId();
  const [quantity, setQuantity] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [placed, setPlaced] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Whether the customer pressed Order without a quantity: only then is an empty field a mistake.
  const [tried, setTried] = useState(false);
  const focusPlaced = useFocusWhenShown();
  const placeOrder = usePlaceOrder();

  const amount = Number(quantity);
  const allowed = quantity !== '' && isOrderQuantityAllowed(amount, part.minorder, part.quantity);
  const range = `from ${part.minorder} to ${part.quantity}`;
  const quantityProblem =
    quantity !== '' && !allowed
      ? `Choose a whole number ${range}.`
      : tried && quantity === ''
        ? `Enter a quantity ${range}.`
        : undefined;

  const submit = async (event: React.SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    const input = PlaceOrderSchema.safeParse({
      orderId: part._id,
      orderQuantity: amount,
      phone,
      address,
    });
    if (!allowed) {
      setTried(true);
      document.getElementById(`${id}-quantity`)?.focus();
      return;
    }
    if (!input.success || placeOrder.isPending) return;
    try {
      const { order } = await placeOrder.mutateAsync(input.data);
      setPlaced(order);
      void notify('success', 'Order Placed');
    } catch (failure) {
      setError(errorMessage(failure, 'The order was not placed'));
    }
  };

  if (placed) {
    return (
      <section aria-labelledby={`${id}-placed`} className="card bg-base-100 shadow-md">
        <div className="card-body items-start">
          <h2 id={`${id}-placed`} ref={focusPlaced} className="card-title">
            Order placed: {placed.orderQuantity} × {placed.order}
          </h2>
          <p>
            Total <span className="font-semibold">{formatPrice(placed.price)}</span>. Pay now to
            have it shipped.
          </p>
          <div className="card-actions">
            <Link to={dashboardPaths.payment(placed._id)} className="btn btn-primary">
              Pay now
            </Link>
            <Link to={dashboardPaths.index} className="btn btn-ghost">
              My Orders
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card bg-base-100 shadow-md">
      <form className="card-body gap-3" noValidate onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-title`} className="card-title">
          Order this part
        </h2>
        <TextField
          id={`${id}-quantity`}
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={part.minorder}
          max={part.quantity}
          step={1}
          hint={orderQuantityHint(part.minorder, part.quantity)}
          error={quantityProblem}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <p aria-live="polite">
          Total:{' '}
          <span className="font-semibold">{allowed ? formatPrice(amount * part.price) : '—'}</span>
        </p>
        <TextField
          id={`${id}-phone`}
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <TextAreaField
          id={`${id}-address`}
          label="Address"
          autoComplete="street-address"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <p role="alert" className="min-h-5 text-sm text-red-700">
          {error}
        </p>
        {/* Not `disabled`: a disabled button leaves the Tab order and says nothing. This one stays
            reachable, is announced as unavailable, and says why. */}
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={!allowed || placeOrder.isPending}
          aria-describedby={allowed ? undefined : `${id}-why`}
        >
          Order
        </button>
        {!allowed && (
          <p id={`${id}-why`} className="text-sm text-base-content/80">
            To order, enter a quantity {range}.
          </p>
        )}
      </form>
    </section>
  );
}
