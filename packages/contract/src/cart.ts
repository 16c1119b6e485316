import { z } from 'zod';

import { orderFields } from './orders';
import { partFields } from './parts';
import { CART_MAX_LINES } from './quantity-rules';

/**
 * Why a cart line cannot be checked out as it stands. The cart shows it beside the line, and a
 * checkout refused for it names the line.
 */
export const CART_PROBLEMS = [
  'archived',
  'sold-out',
  'not-enough-stock',
  'below-minimum',
  'price-changed',
] as const;
export type CartProblem = (typeof CART_PROBLEMS)[number];

/**
 * One line as the customer sets it: the part, how many, and the unit price the customer was
 * shown. The price is never charged: the order is priced by the server, and a price that
 * changed since the customer saw it refuses the checkout until the cart shows the new one.
 */
export const CartLineInputSchema = z.object({
  partId: orderFields.partId,
  quantity: orderFields.quantity,
  unitPrice: partFields.price.describe('The unit price in dollars the customer was shown'),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

/** A line's quantity and the price shown, set through `PUT /cart/lines/:partId`. */
export const CartLineChangeSchema = CartLineInputSchema.omit({ partId: true });
export type CartLineChange = z.infer<typeof CartLineChangeSchema>;

export const CartLineParamsSchema = z.object({ partId: z.string().max(64) });

/** A visitor's cart, kept in the browser, merged into the account's cart at sign-in. */
export const CartMergeSchema = z.object({
  lines: z
    .array(CartLineInputSchema)
    .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} parts`),
});
export type CartMerge = z.infer<typeof CartMergeSchema>;

/** A cart line as the API shows it, with the part as it is now. */
export const CartLineSchema = z
  .object({
    partId: z.string(),
    name: z.string(),
    image: z.string(),
    quantity: z.number().int(),
    unitPrice: z.number().describe('The unit price in dollars now'),
    shownUnitPrice: z
      .number()
      .describe('The unit price in dollars the customer was shown when the line was last set'),
    minOrder: z.number().int(),
    stock: z.number().int(),
    problem: z.enum(CART_PROBLEMS).nullable(),
    message: z.string().nullable().describe('What the problem means, in the words the cart shows'),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z
  .object({
    lines: z.array(CartLineSchema),
    total: z.number().describe('What the order would cost now, in dollars'),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof CartSchema>;

/** Checkout: where the order goes. The lines are the cart's, as the server holds it. */
export const CheckoutSchema = z.object({
  phone: orderFields.phone,
  address: orderFields.address,
});
export type Checkout = z.infer<typeof CheckoutSchema>;
