import { useRef } from 'react';

import { DashboardPage } from '@/components/dashboard-page';
import { ListCount } from '@/components/list-count';
import { QueryTable } from '@/components/query-table';
import { focusOn } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { notifyOutcome } from '@/lib/notify';
import type { Order } from '@/lib/shop';

import { useAllOrders, useManageOrder } from '../api/orders';
import { orderDate, orderStateLabel, TestPaymentBadge } from '../components/order-state';

const rowId = (order: Order) => `order-${order.id}`;

/**
 * Manage Orders (admins): delete unpaid orders, ship paid ones (requirements §4). Test payments are
 * marked, so an order no money paid for is never shipped by mistake.
 */
export default function ManageOrdersPage() {
  const orders = useAllOrders();
  const { remove, ship } = useManageOrder();
  const heading = useRef<HTMLHeadingElement>(null);

  const deleteUnpaid = async (order: Order) => {
    if (!window.confirm(`Delete the unpaid order of ${order.quantity} × ${order.partName}?`)) {
      return;
    }
    await notifyOutcome(() => remove.mutateAsync(order.id), {
      done: 'unpaid Order deleted',
      failed: 'The order was not deleted',
      // The row and its button are gone: focus goes to the list's heading, not to the page's top.
      then: () => {
        if (heading.current) focusOn(heading.current);
      },
    });
  };

  const markShipped = async (order: Order) => {
    await notifyOutcome(() => ship.mutateAsync(order.id), {
      done: 'Yeah Status Changed',
      failed: 'The order was not changed',
      // The Pending button became "Shipped" text: focus goes to the order's row, which now says so.
      then: () => {
        const row = document.getElementById(rowId(order));
        if (row) focusOn(row);
      },
    });
  };

  return (
    <DashboardPage
      title="Manage Orders"
      headingRef={heading}
      aside={<ListCount list={orders.data} one="order" many="orders" />}
    >
      <QueryTable
        query={orders}
        what="the orders"
        empty={<p>No orders yet.</p>}
        columns={['Customer', 'Part', 'Quantity', 'Total', 'Ordered', 'State']}
        label="Every order"
      >
        {(order) => (
          <tr key={order.id} id={rowId(order)}>
            <td>
              <div className="font-medium">{order.userName}</div>
              <div className="text-sm text-base-content/80">{order.userEmail}</div>
            </td>
            <td>{order.partName}</td>
            <td>{order.quantity}</td>
            <td>{formatCents(order.totalCents)}</td>
            <td>{orderDate.format(new Date(order.createdAt))}</td>
            <td>
              <div className="flex flex-wrap items-center gap-2">
                {order.status === 'unpaid' && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    aria-label={`Unpaid: delete the order of ${order.partName} by ${order.userEmail}`}
                    disabled={remove.isPending}
                    onClick={() => void deleteUnpaid(order)}
                  >
                    Unpaid
                  </button>
                )}
                {order.status === 'paid' && (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    aria-label={`Pending: mark the order of ${order.partName} by ${order.userEmail} shipped`}
                    disabled={ship.isPending}
                    onClick={() => void markShipped(order)}
                  >
                    Pending
                  </button>
                )}
                {order.status === 'shipped' && <span className="font-semibold">Shipped</span>}
                {order.status === 'cancelled' && (
                  <span className="font-semibold">{orderStateLabel(order)}</span>
                )}
                <TestPaymentBadge order={order} />
              </div>
            </td>
          </tr>
        )}
      </QueryTable>
    </DashboardPage>
  );
}
