import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { CART_CHECKED_OUT } from '@apex/contract/error-codes';

import { DeliveryFields } from '@/components/delivery-fields';
import { ShopForm } from '@/components/shop-form';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import { useContractForm } from '@/lib/use-contract-form';

import { useCheckout } from '../api/checkout';

const checkoutSchema = () =>
  import('@apex/contract/forms').then((forms) => forms.CheckoutFormSchema);

/**
 * Checkout: the phone and address once, for one order of every line, then its payment. A refusal
 * (a line sold out, below its minimum, taken off sale, its price changed) names the line under
 * the form, and nothing is ordered.
 */
export function CheckoutForm() {
  const id = useId();
  const navigate = useNavigate();
  const checkout = useCheckout();
  // One order for this form, however often it is sent: a retry after a lost response, or the
  // same cart checked out in another tab meanwhile, never makes a second one.
  const [key] = useState(() => crypto.randomUUID());
  const form = useContractForm(checkoutSchema, {
    mode: 'onTouched',
    defaultValues: { phone: '', address: '' },
  });
  const onSubmit = form.submit(async (values) => {
    let orderId: string;
    try {
      orderId = await checkout.mutateAsync({ values, key });
    } catch (failure) {
      // Another tab or device ordered this cart first: that order is the one to pay.
      if (failure instanceof ApiError && failure.body?.code === CART_CHECKED_OUT) {
        void notify('info', failure.message);
        await navigate(dashboardPaths.index);
        return;
      }
      throw failure;
    }
    void notify('success', 'Order Placed');
    await navigate(dashboardPaths.payment(orderId));
  }, 'The order was not placed');

  return (
    <section aria-labelledby={`${id}-title`} className="card bg-base-100 shadow-md">
      <div className="card-body">
        <h2 id={`${id}-title`} className="card-title">
          Check out
        </h2>
        <p className="text-sm text-base-content/80">
          One order of every part above, paid by card on the next page. Placing it holds the parts
          for you for a few minutes while you pay; the next page says until when. The last minimum
          order of a part is never held: it goes to whoever pays first.
        </p>
        <ShopForm onSubmit={onSubmit} form={form} submitLabel="Place the order">
          <DeliveryFields id={id} phone={form.field('phone')} address={form.field('address')} />
        </ShopForm>
      </div>
    </section>
  );
}
