import { Link } from 'react-router';

import { DashboardPage } from '@/components/dashboard-page';
import { QueryTable } from '@/components/query-table';
import { formatCents } from '@/lib/format';
import { notifyOutcome } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import type { Order } from '@/lib/shop';

import { useCancelOrder, useMyOrders } from '../api/orders';
import {
  orderDate,
  orderStateLabel,
  TestPaymentBadge,
  useTimeLeft,
} from '../components/order-state';

/** My Orders: each order with its state, and Pay while unpaid (requirements §4). */
export default function MyOrdersPage() {
  const { user } = useSession();
  const orders = useMyOrders(user?.email ?? '');
  return (
    <DashboardPage title="My Orders">
      <QueryTable
        query={orders}
        what="your orders"
        empty={
          <div className="flex flex-col items-start gap-3">
            <p>You have not ordered anything yet.</p>
            <Link to="/#parts" className="btn btn-primary">
              Browse the parts
            </Link>
          </div>
        }
        columns={['Part', 'Quantity', 'Total', 'Ordered', 'State']}
        label="Your orders"
      >
        {(order) => {
          const state = orderStateLabel(order);
          return (
            <tr key={order.id}>
              <td>{order.partName}</td>
              <td>{order.quantity}</td>
              <td>{formatCents(order.totalCents)}</td>
              <td>{orderDate.format(new Date(order.createdAt))}</td>
              <td>
                {state === 'Unpaid' ? (
                  <UnpaidOrder order={order} />
                ) : (
                  <div className="flex flex-col items-start gap-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold">{state}</span>
                      <TestPaymentBadge order={order} />
                    </span>
                    {order.transactionId && (
                      <span className="text-xs break-all text-base-content/80">
                        Transaction {order.transactionId}
                      </span>
                    )}
                  </div>
                )}
              </td>
            </tr>
          );
        }}
      </QueryTable>
    </DashboardPage>
  );
}

/** An order waiting for payment: the time left to pay, Pay, and Cancel. */
function UnpaidOrder({ order }: { order: Order }) {
  const timeLeft = useTimeLeft(order.expiresAt);
  const cancel = useCancelOrder();

  const cancelOrder = async () => {
    if (
      !window.confirm(
        `Cancel your order of ${order.quantity} × ${order.partName}? It cannot be paid afterwards.`,
      )
    ) {
      return;
    }
    await notifyOutcome(() => cancel.mutateAsync(order.id), {
      done: 'Order cancelled',
      failed: 'The order was not cancelled',
    });
  };

  return (
    <div className="flex flex-col items-start gap-2">
      {timeLeft && (
        <span className={timeLeft.expired ? 'font-semibold' : 'text-sm'}>{timeLeft.text}</span>
      )}
      <div className="flex flex-wrap gap-2">
        {!timeLeft?.expired && (
          <Link
            to={dashboardPaths.payment(order.id)}
            className="btn btn-sm btn-primary"
            aria-label={`Pay for ${order.partName}`}
          >
            Pay
          </Link>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-label={`Cancel the order of ${order.partName}`}
          disabled={cancel.isPending}
          onClick={() => void cancelOrder()}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
