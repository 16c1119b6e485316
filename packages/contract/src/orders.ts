import { z } from 'zod';

import { keysetCursor, nextKeysetCursor } from './paging';

/** One line of an order: a part, at its name and price when the order was placed. */
export const OrderLineSchema = z
  .object({
    partId: z.string(),
    name: z.string().describe('The name of the part when ordered'),
    unitPrice: z.number().describe('The unit price in dollars when ordered'),
    quantity: z.number().int(),
    price: z.number().describe('The line total in dollars: unit price × quantity'),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** An order as the API shows it: the spec's field names (§3); money in dollars. */
export const OrderSchema = z
  .object({
    _id: z.string(),
    orderId: z.string().describe('The id of the part ordered (of the first line)'),
    order: z.string().describe("The name of the part ordered (the lines' names, comma-separated)"),
    price: z.number().describe('The order total in dollars: unit price × quantity, over the lines'),
    unitPrice: z
      .number()
      .nullable()
      .describe('The unit price in dollars when the order was placed; null for several lines'),
    orderQuantity: z.number().int().describe('Units ordered, over the lines'),
    userName: z.string(),
    userEmail: z.string(),
    phone: z.string(),
    address: z.string(),
    payment: z.enum(['false', 'paid']).describe('"false" until the payment is confirmed'),
    status: z
      .enum(['unpaid', 'pending', 'shipped', 'cancelled'])
      .describe('pending: paid, not yet shipped; cancelled: unpaid, its stock given back'),
    transactionId: z.string().nullable(),
    createdAt: z.iso.datetime(),
    // Beyond the spec:
    testPayment: z
      .boolean()
      .describe('Paid through the built-in test-mode processor: no money moved'),
    expiresAt: z.iso
      .datetime()
      .nullable()
      .describe('While unpaid: when the order lapses unless it is paid'),
    held: z
      .boolean()
      .describe(
        'While unpaid: whether its parts are held for it until expiresAt; if not, they are ' +
          'taken when its payment arrives, or its payment is refunded (decision 022)',
      ),
    cancelReason: z
      .enum(['expired', 'customer', 'sold-out'])
      .nullable()
      .describe(
        'Why a cancelled order was cancelled: it expired, its customer cancelled it, or its ' +
          'parts sold to someone who paid first (its payment is refunded)',
      ),
    lines: z.array(OrderLineSchema).describe('What was ordered; one line for the spec’s orders'),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);

/** How many orders one page of My Orders holds. */
export const MY_ORDERS_PAGE_SIZE = 20;

/** My Orders' list, as the query string carries it. */
export const MyOrdersQuerySchema = z.object({ cursor: keysetCursor });
export type MyOrdersQuery = z.infer<typeof MyOrdersQuerySchema>;

/** One page of the caller's own orders, newest first. */
export const MyOrdersPageSchema = z
  .object({ orders: OrderListSchema, next: nextKeysetCursor })
  .meta({ id: 'MyOrdersPage' });
export type MyOrdersPage = z.infer<typeof MyOrdersPageSchema>;

/** Each field of the order form, written once for the wire's schema and the form's (`forms.ts`). */
export const orderFields = {
  partId: z.string().trim().min(1, 'Choose a part').max(64),
  quantity: z
    .number({ message: 'Enter a quantity' })
    .int('Enter a whole number')
    .positive('Enter a quantity of at least 1')
    .max(1_000_000, 'Enter a quantity of at most 1,000,000'),
  phone: z.string().trim().max(40, 'Phone must be 40 characters or fewer').default(''),
  address: z.string().trim().max(500, 'Address must be 500 characters or fewer').default(''),
};

/**
 * What the order form sends, in the spec's names: `orderId` is the part's id, `orderQuantity` the
 * units ordered. The part's name and price, the customer and the paid flag are the server's to
 * decide; fields the spec's client also sent for them are ignored.
 */
export const PlaceOrderSchema = z.object({
  orderId: orderFields.partId,
  orderQuantity: orderFields.quantity,
  phone: orderFields.phone,
  address: orderFields.address,
});
export type PlaceOrder = z.infer<typeof PlaceOrderSchema>;

export const PlacedOrderSchema = z.object({ insertedId: z.string(), order: OrderSchema });

/**
 * `Idempotency-Key`: a client names each order it means to place once, so that the same request
 * sent again (a double click, a retry after a lost response) gets the first order back.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _')
    .optional(),
});

export const OrderParamsSchema = z.object({ id: z.string().max(64) });

export const DeletedCountSchema = z.object({ deletedCount: z.number().int() });
