import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';

import { isOrderQuantityAllowed, orderQuantityHint } from '@apex/contract';
import { orderableRange, orderFormSchema } from '@apex/contract/forms';

import { DeliveryFields } from '@/components/delivery-fields';
import { NumberField } from '@/components/form-field';
import { FormFailure } from '@/components/shop-form';
import { useFocusWhenShown } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { notify } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import type { Order, Part } from '@/lib/shop';
import { useContractForm } from '@/lib/use-contract-form';

import { usePlaceOrder } from '../api/orders';

/** The order form of the purchase page: a quantity within the part's rules, phone and address. */
export function OrderForm({ part }: { part: Part }) {
  const id = useId();
  const { minOrder, stock } = part;
  // The quantity's rule is the part's: a schema per part, made again only when its range moves.
  const schema = useMemo(() => orderFormSchema({ minOrder, stock }), [minOrder, stock]);
  const form = useContractForm(schema, {
    // A quantity out of range is said as it is typed, not only when Order is pressed.
    mode: 'onChange',
    defaultValues: { partId: part.id, phone: '', address: '' },
  });
  const [placed, setPlaced] = useState<Order | null>(null);
  const focusPlaced = useFocusWhenShown();
  const placeOrder = usePlaceOrder();

  // Nothing until the customer types a quantity: the form starts without one.
  const quantity = useWatch({ control: form.control, name: 'quantity' }) as number | undefined;
  const allowed = quantity !== undefined && isOrderQuantityAllowed(quantity, minOrder, stock);
  const range = orderableRange(minOrder, stock);

  // An invalid form sends nothing and focuses the first field to fix, with its message.
  const submit = form.submit(async (values) => {
    setPlaced(await placeOrder.mutateAsync(values));
    void notify('success', 'Order Placed');
  }, 'The order was not placed');

  if (placed) {
    return (
      <section aria-labelledby={`${id}-placed`} className="card bg-base-100 shadow-md">
        <div className="card-body items-start">
          <h2 id={`${id}-placed`} ref={focusPlaced} className="card-title">
            Order placed: {placed.quantity} × {placed.partName}
          </h2>
          <p>
            Total <span className="font-semibold">{formatCents(placed.totalCents)}</span>. Pay now
            to have it shipped.
          </p>
          <div className="card-actions">
            <Link to={dashboardPaths.payment(placed.id)} className="btn btn-primary">
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
        <NumberField
          id={`${id}-quantity`}
          label="Quantity"
          range={{ min: minOrder, max: stock }}
          hint={orderQuantityHint(minOrder, stock)}
          field={form.field('quantity', { valueAsNumber: true })}
        />
        <p aria-live="polite">
          Total:{' '}
          <span className="font-semibold">
            {allowed ? formatCents(quantity * part.priceCents) : '—'}
          </span>
        </p>
        <DeliveryFields id={id} phone={form.field('phone')} address={form.field('address')} />
        <FormFailure>{form.failure}</FormFailure>
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
