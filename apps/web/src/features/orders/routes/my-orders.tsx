import { Link } from 'react-router';

import { DashboardPage } from '@/components/dashboard-page';
import { PagedTable } from '@/components/paged-table';
import { QueryStatus } from '@/components/query-status';
import { notifyOutcome } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import type { Order } from '@/lib/shop';
import { useShowMore } from '@/lib/use-show-more';

import { useCancelOrder, useMyOrders } from '../api/orders';
import { describeOrder, OrderSummaryCells } from '../components/order-parts';
import { orderStateLabel, TestPaymentBadge, useTimeLeft } from '../components/order-state';

const rowId = (order: Order) => `my-order-${order.id}`;
const ordersOf = (page: { orders: Order[] }) => page.orders;

/**
 * My Orders: each order with its state, and Pay while unpaid (requirements §4), 20 at a time,
 * newest first, so a customer of many years opens it as fast as a new one.
 */
export default function MyOrdersPage() {
  const { user } = useSession();
  const orders = useMyOrders(user?.email ?? '');
  const showMore = useShowMore(orders, ordersOf, rowId);
  return (
    <DashboardPage title="My Orders">
      <QueryStatus query={orders} what="your orders">
        {({ pages }) => {
          const list = pages.flatMap((page) => page.orders);
          if (list.length === 0) {
            return (
              <div className="flex flex-col items-start gap-3">
                <p>You have not ordered anything yet.</p>
                <Link to="/#parts" className="btn btn-primary">
                  Browse the parts
                </Link>
              </div>
            );
          }
          // How many are shown is said once the list has pages: one page is the whole history.
          const paged = pages.length > 1 || orders.hasNextPage;
          return (
            <PagedTable
              query={orders}
              progress={paged ? { shown: list.length, one: 'order', many: 'orders' } : null}
              onShowMore={showMore}
              columns={['Part', 'Quantity', 'Total', 'Ordered', 'State']}
              label="Your orders"
            >
              {list.map((order) => (
                <MyOrderRow key={order.id} order={order} />
              ))}
            </PagedTable>
          );
        }}
      </QueryStatus>
    </DashboardPage>
  );
}

function MyOrderRow({ order }: { order: Order }) {
  const state = orderStateLabel(order);
  return (
    <tr id={rowId(order)}>
      <OrderSummaryCells order={order} />
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
}

/** An order waiting for payment: the time left to pay, Pay, and Cancel. */
function UnpaidOrder({ order }: { order: Order }) {
  const timeLeft = useTimeLeft(order);
  const cancel = useCancelOrder();

  const cancelOrder = async () => {
    if (
      !window.confirm(`Cancel your order of ${describeOrder(order)}? It cannot be paid afterwards.`)
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
