import { httpErrors } from '@fastify/sensible';

import type { Viewer } from '../../lib/identity';
import type { PaymentProvider } from './payment-provider';

/** An order as paying sees it: its total, and its payment intent once it has one. */
interface OrderToPay {
  id: string;
  totalCents: number;
  paymentIntentId: string | null;
}

/**
 * What paying needs of the orders module, handed over as functions by services.ts: an order's
 * state, its stock, and whether it is paid, stay the orders module's to decide.
 */
export interface OrdersForPayments {
  /** The caller's own order while it may be paid; refused otherwise. */
  orderToPay(viewer: Viewer, orderId: string): Promise<OrderToPay>;
  /** Remembers the order's intent; null once it is the order's, else why it cannot be paid. */
  attachPaymentIntent(orderId: string, intentId: string): Promise<string | null>;
  /** The caller's order while it waits for this payment; null when this payment paid it. */
  orderAwaitingPayment(
    viewer: Viewer,
    orderId: string,
    transactionId: string,
  ): Promise<OrderToPay | null>;
  /** Marks the order paid for its customer; a payment after the parts sold out is refused. */
  recordConfirmedPayment(orderId: string, intentId: string): Promise<{ modifiedCount: number }>;
  findOrder(orderId: string): Promise<OrderToPay | undefined>;
  /** Marks the order paid, once: what this call did, or null when it was settled already. */
  recordPayment(orderId: string, intentId: string): Promise<'paid' | 'sold-out' | null>;
}

/**
 * Paying for an order: the processor makes the intent and says whether the money arrived; the
 * orders module records what that means for the order.
 */
export function createPayments({
  provider,
  orders,
}: {
  provider: PaymentProvider;
  orders: OrdersForPayments;
}) {
  return {
    /**
     * The client secret of the payment intent for the caller's own unpaid order: the one intent
     * of the order, for its own total. An order that expired or was cancelled cannot be paid.
     */
    async openPayment(viewer: Viewer, orderId: string): Promise<{ clientSecret: string }> {
      const order = await orders.orderToPay(viewer, orderId);
      const intent = await provider.createIntent({
        id: order.id,
        amountCents: order.totalCents,
        existingIntentId: order.paymentIntentId,
      });
      if (order.paymentIntentId === intent.id) return { clientSecret: intent.clientSecret };
      const refusal = await orders.attachPaymentIntent(order.id, intent.id);
      if (refusal) {
        // The order stopped waiting for payment while the intent was made: the intent must
        // never take money, and its secret never leaves the server.
        await provider.cancelIntent(intent.id);
        throw httpErrors.conflict(refusal);
      }
      return { clientSecret: intent.clientSecret };
    },

    /**
     * Marks the caller's order paid once the provider confirms that `transactionId` paid this
     * order's total; repeating it for the same payment changes nothing.
     */
    async confirmPayment(
      viewer: Viewer,
      orderId: string,
      transactionId: string,
    ): Promise<{ modifiedCount: number }> {
      const order = await orders.orderAwaitingPayment(viewer, orderId, transactionId);
      if (!order) return { modifiedCount: 0 };
      // The provider, not the browser, says whether the money arrived, for which order and sum.
      const intent = await provider.retrieveIntent(transactionId);
      const confirmed =
        intent?.status === 'succeeded' &&
        intent.orderId === order.id &&
        intent.amountCents === order.totalCents;
      if (!confirmed) {
        throw httpErrors.badRequest('This payment did not succeed for this order');
      }
      return orders.recordConfirmedPayment(order.id, transactionId);
    },

    /**
     * Marks an order paid from the provider's own notice (Stripe's webhook), once the amount is
     * the order's total; unknown orders and other amounts change nothing.
     */
    async markPaidByProvider(intent: {
      orderId: string;
      id: string;
      amountCents: number;
    }): Promise<{ modifiedCount: number }> {
      const order = await orders.findOrder(intent.orderId);
      if (order?.totalCents !== intent.amountCents) return { modifiedCount: 0 };
      return {
        modifiedCount: (await orders.recordPayment(order.id, intent.id)) === 'paid' ? 1 : 0,
      };
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
