import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';
import { errorMessage } from '@/lib/api';
import { focusOn } from '@/lib/focus';
import { formatCents } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Order } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useAllOrders, useManageOrder } from '../api/orders';
import { orderDate, orderStateLabel, TestPaymentBadge } from '../components/order-state';

const rowId = (order: Order) => `order-${order.id}`;

/**
 * Manage Orders (admins): delete unpaid orders, ship paid ones (requirements §4). Test payments are
 * marked, so an order no money paid for is never shipped by mistake.
 */
export default function ManageOrdersPage() {
  useDocumentTitle('Manage Orders');
  const orders = useAllOrders();
  const { remove, ship } = useManageOrder();

  const deleteUnpaid = async (order: Order) => {
    if (!window.confirm(`Delete the unpaid order of ${order.quantity} × ${order.partName}?`)) {
      return;
    }
    try {
      await remove.mutateAsync(order.id);
      // The row and its button are gone: focus goes to the list's heading, not to the page's top.
      const heading = document.getElementById('manage-orders-heading');
      if (heading) focusOn(heading);
      void notify('success', 'unpaid Order deleted');
    } catch (error) {
      void notify('error', errorMessage(error, 'The order was not deleted'));
    }
  };

  const markShipped = async (order: Order) => {
    try {
      await ship.mutateAsync(order.id);
      // The Pending button became "Shipped" text: focus goes to the order's row, which now says so.
      const row = document.getElementById(rowId(order));
      if (row) focusOn(row);
      void notify('success', 'Yeah Status Changed');
    } catch (error) {
      void notify('error', errorMessage(error, 'The order was not changed'));
    }
  };

  return (
    <section aria-labelledby="manage-orders-heading" className="flex flex-col gap-6">
      {/* The count beside the heading, not in it: a heading is read as one name. */}
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 id="manage-orders-heading" className="text-3xl font-bold">
          Manage Orders
        </h1>
        {orders.data && (
          <p className="text-base-content/80">
            {orders.data.length} {orders.data.length === 1 ? 'order' : 'orders'}
          </p>
        )}
      </div>
      <QueryStatus
        query={orders}
        loading="Loading the orders…"
        failed="The orders could not be loaded."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <DataTable
              columns={['Customer', 'Part', 'Quantity', 'Total', 'Ordered', 'State']}
              label="Every order"
            >
              {list.map((order) => (
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
              ))}
            </DataTable>
          )
        }
      </QueryStatus>
    </section>
  );
}
