import { useRef } from 'react';
import { useSearchParams } from 'react-router';

import { ADMIN_SEARCH_MAX_LENGTH, type OrderState } from '@apex/contract';

import { DashboardPage } from '@/components/dashboard-page';
import { ListSearchForm } from '@/components/list-search-form';
import { PagedTable } from '@/components/paged-table';
import { QueryStatus } from '@/components/query-status';
import { focusOn } from '@/lib/focus';
import { STAY_IN_PLACE } from '@/lib/navigation-state';
import { notifyOutcome } from '@/lib/notify';
import type { Order } from '@/lib/shop';
import { useShowMore } from '@/lib/use-show-more';

import {
  type OrderFilter,
  orderFilterOf,
  searchParamsOfOrderFilter,
  useManagedOrders,
} from '../api/manage-orders';
import { useManageOrder } from '../api/orders';
import { describeOrder, OrderSummaryCells } from '../components/order-parts';
import { orderStateLabel, TestPaymentBadge } from '../components/order-state';

const rowId = (order: Order) => `order-${order.id}`;
const ordersOf = (page: { orders: Order[] }) => page.orders;

const STATE_LABELS: [OrderState, string][] = [
  ['unpaid', 'Unpaid'],
  ['pending', 'Paid, not shipped'],
  ['shipped', 'Shipped'],
  ['cancelled', 'Cancelled'],
];

/**
 * Manage Orders (admins): delete unpaid orders, ship paid ones (requirements §4), 50 at a time,
 * newest first, by state or customer; the filter lives in the address, as the home page's search
 * does. Test payments are marked, so an order no money paid for is never shipped by mistake.
 */
export default function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = orderFilterOf(params);
  const orders = useManagedOrders(filter);
  const { remove, ship } = useManageOrder();
  const heading = useRef<HTMLHeadingElement>(null);
  const showMore = useShowMore(orders, ordersOf, rowId);
  const show = (next: OrderFilter) =>
    setParams(searchParamsOfOrderFilter(next), { state: STAY_IN_PLACE });
  const filtered = filter.state !== null || filter.words !== '';

  const deleteUnpaid = async (order: Order) => {
    if (!window.confirm(`Delete the unpaid order of ${describeOrder(order)}?`)) {
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
    <DashboardPage title="Manage Orders" headingRef={heading}>
      <ListSearchForm
        label="Find orders"
        fieldLabel="Customer e-mail or name"
        words={filter.words}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        onSearch={(words) => show({ ...filter, words })}
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">State</span>
          <select
            className="select"
            value={filter.state ?? ''}
            onChange={(event) =>
              show({ ...filter, state: (event.target.value || null) as OrderState | null })
            }
          >
            <option value="">Every state</option>
            {STATE_LABELS.map(([state, label]) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </ListSearchForm>
      <QueryStatus query={orders} what="the orders">
        {({ pages }) => {
          const list = pages.flatMap((page) => page.orders);
          if (list.length === 0) {
            return filtered ? (
              <div className="flex flex-wrap items-center gap-3">
                <p role="status">No orders match this search.</p>
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => show({ state: null, words: '' })}
                >
                  Show every order
                </button>
              </div>
            ) : (
              <p role="status">No orders yet.</p>
            );
          }
          return (
            <PagedTable
              query={orders}
              progress={{ shown: list.length, one: 'order', many: 'orders' }}
              onShowMore={showMore}
              columns={['Customer', 'Part', 'Quantity', 'Total', 'Ordered', 'State']}
              label={filtered ? 'Orders found' : 'Every order'}
            >
              {list.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  busy={{ remove: remove.isPending, ship: ship.isPending }}
                  onDelete={() => void deleteUnpaid(order)}
                  onShip={() => void markShipped(order)}
                />
              ))}
            </PagedTable>
          );
        }}
      </QueryStatus>
    </DashboardPage>
  );
}

function OrderRow({
  order,
  busy,
  onDelete,
  onShip,
}: {
  order: Order;
  busy: { remove: boolean; ship: boolean };
  onDelete: () => void;
  onShip: () => void;
}) {
  return (
    <tr id={rowId(order)}>
      <td>
        <div className="font-medium">{order.userName}</div>
        <div className="text-sm text-base-content/80">{order.userEmail}</div>
      </td>
      <OrderSummaryCells order={order} />
      <td>
        <div className="flex flex-wrap items-center gap-2">
          {order.status === 'unpaid' && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              aria-label={`Unpaid: delete the order of ${order.partName} by ${order.userEmail}`}
              disabled={busy.remove}
              onClick={onDelete}
            >
              Unpaid
            </button>
          )}
          {order.status === 'paid' && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={`Pending: mark the order of ${order.partName} by ${order.userEmail} shipped`}
              disabled={busy.ship}
              onClick={onShip}
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
  );
}
