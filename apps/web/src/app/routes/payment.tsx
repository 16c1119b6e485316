import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';

import { QueryStatus } from '@/components/query-status';
import { useOrder } from '@/features/orders/api/orders';
import { OrderParts } from '@/features/orders/components/order-parts';
import { orderStateLabel, useTimeLeft } from '@/features/orders/components/order-state';
import { CardForm } from '@/features/payments/components/card-form';
import { useFocusWhenShown } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { dismissToasts } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import type { Order } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/payment/:id — pay for one order (requirements §2, §4). */
export default function PaymentPage() {
  useDocumentTitle('Payment');
  const { id = '' } = useParams();
  const order = useOrder(id);
  const [transactionId, setTransactionId] = useState<string | null>(null);

  return (
    <QueryStatus query={order} what="the order" failed="This order could not be loaded.">
      {(data) => (
        <PaymentSection order={data} transactionId={transactionId} onPaid={setTransactionId} />
      )}
    </QueryStatus>
  );
}

function PaymentSection({
  order,
  transactionId,
  onPaid,
}: {
  order: Order;
  transactionId: string | null;
  onPaid: (transactionId: string) => void;
}) {
  const { id, partName, totalCents, quantity, status } = order;
  const paid = status === 'paid' || status === 'shipped';
  const paidWith = transactionId ?? (paid ? order.transactionId : null);
  const timeLeft = useTimeLeft(order);
  const state = orderStateLabel(order);
  const noLongerPayable =
    !paidWith &&
    (state === 'Expired' ||
      state === 'Cancelled' ||
      state === 'Sold out, refunded' ||
      timeLeft?.expired);
  const focusOnConfirmation = useFocusWhenShown();
  // The payment's confirmation replaces the order's toast, which would cover it on a phone.
  const focusConfirmation = useCallback(
    (element: HTMLElement | null) => {
      if (element) void dismissToasts();
      focusOnConfirmation(element);
    },
    [focusOnConfirmation],
  );

  return (
    <section aria-labelledby="payment-heading" className="flex max-w-lg flex-col gap-4">
      <h1 id="payment-heading" className="text-3xl font-bold">
        Pay for {partName}
      </h1>
      {order.lines.length > 1 ? (
        <div className="flex flex-col gap-2">
          <OrderParts order={order} />
          <p>
            Total: <span className="font-semibold">{formatCents(totalCents)}</span>
          </p>
        </div>
      ) : (
        <p>
          {quantity} × {partName}: <span className="font-semibold">{formatCents(totalCents)}</span>
        </p>
      )}
      {timeLeft && !timeLeft.expired && !paidWith && (
        <p>
          {timeLeft.text}.
          {!order.held &&
            ' Should someone else pay for the last of them first, your payment is refunded in full.'}
        </p>
      )}
      {noLongerPayable ? (
        <div role="status" className="alert flex flex-col items-start">
          <p className="font-semibold">
            {state === 'Cancelled'
              ? 'You cancelled this order: it can no longer be paid.'
              : state === 'Sold out, refunded'
                ? 'Someone else paid for the last of these parts first: this order is cancelled and your payment refunded in full.'
                : 'This order expired before it was paid: its parts went back on sale.'}
          </p>
          <Link to={dashboardPaths.index} className="btn btn-sm">
            Back to My Orders
          </Link>
        </div>
      ) : (
        <>
          {/* Present before the payment, empty, so screen readers announce the confirmation
              when it appears in it; focus moves to it too when the payment was just made. */}
          <div role="status">
            {paidWith && (
              <div className="alert alert-success flex flex-col items-start">
                <p ref={transactionId ? focusConfirmation : undefined} className="font-semibold">
                  your payment is completed
                </p>
                <p className="break-all">Transaction id: {paidWith}</p>
                <Link to={dashboardPaths.index} className="btn btn-sm">
                  Back to My Orders
                </Link>
              </div>
            )}
          </div>
          {!paidWith && (
            <div className="card bg-base-100 shadow-md">
              <div className="card-body">
                <CardForm orderId={id} amountCents={totalCents} onPaid={onPaid} />
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
