import type { Order } from '@apex/contract';

import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';
import { formatPrice } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useAllOrders, useManageOrder } from '../api/orders';
import { orderDate, orderStateLabel, TestPaymentBadge } from '../components/order-state';

/**
 * Manage Orders (admins): delete unpaid orders, ship paid ones (spec §4). Test payments are
 * marked, so an order no money paid for is never shipped by mistake.
 */
export default function ManageOrdersPage() {
  useDocumentTitle('Manage Orders');
  const orders = useAllOrders();
  const { remove, ship } = useManageOrder();

  const deleteUnpaid = async (order: Order) => {
    if (!window.confirm(`Delete the unpaid order of ${order.orderQuantity} × ${order.order}?`)) {
      return;
    }
    try {
      await remove.mutateAsync(order._id);
      void notify('success', 'unpaid Order deleted');
    } catch (error) {
      void notify('error', error instanceof Error ? error.message : 'The order was not deleted');
    }
  };

  const markShipped = async (order: Order) => {
    try {
      await ship.mutateAsync(order._id);
      void notify('success', 'Yeah Status Changed');
    } catch (error) {
      void notify('error', error instanceof Error ? error.message : 'The order was not changed');
    }
  };

  return (
    <section aria-labelledby="manage-orders-heading" className="flex flex-col gap-6">
      <h1 id="manage-orders-heading" className="text-3xl font-bold">
        Manage Orders
        {orders.data && (
          <span className="ml-3 text-base font-normal text-base-content/80">
            {orders.data.length} {orders.data.length === 1 ? 'order' : 'orders'}
          </span>
        )}
      </h1>
      <QueryStatus
        query={orders}
        loading="Loading the orders…"
        failed="The orders could not be loaded."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <DataTable columns={['Customer', 'Part', 'Quantity', 'Total', 'Ordered', 'State']}>
              {list.map((order) => (
                <tr key={order._id}>
                  <td>
                    <div className="font-medium">{order.userName}</div>
                    <div className="text-sm text-base-content/80">{order.userEmail}</div>
                  </td>
                  <td>{order.order}</td>
                  <td>{order.orderQuantity}</td>
                  <td>{formatPrice(order.price)}</td>
                  <td>{orderDate.format(new Date(order.createdAt))}</td>
                  <td>
                    <div className="flex flex-wrap items-center gap-2">
                      {order.status === 'unpaid' && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          aria-label={`Unpaid: delete the order of ${order.order} by ${order.userEmail}`}
                          disabled={remove.isPending}
                          onClick={() => void deleteUnpaid(order)}
                        >
                          Unpaid
                        </button>
                      )}
                      {order.status === 'pending' && (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          aria-label={`Pending: mark the order of ${order.order} by ${order.userEmail} shipped`}
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
