/*
 * The web app's forms, in the shop's words (docs/architecture.md#glossary), and how each becomes
 * the payload the API takes. Every field is the wire schema's own (`partFields`, `orderFields`,
 * `TestCardSchema`), so a rule and its message are written once. This module is its own entry
 * (`@apex/contract/forms`), not the package's main one: every schema the main entry exports is a
 * shape of the API (wire-shapes.test.ts), and a form is not.
 */
import { z } from 'zod';

import { CheckoutSchema } from './cart';
import { orderFields, type PlaceOrder } from './orders';
import { type PartFields, partFields, type PartUpdate, STOCK_BELOW_MINIMUM_ORDER } from './parts';
import { cardMessages, type TestCard, TestCardSchema } from './payments';
import { isOrderQuantityAllowed } from './rules';

const partDetailFields = {
  name: partFields.name,
  price: partFields.price,
  minOrder: partFields.minOrder,
  image: partFields.image,
  description: partFields.description,
};

/** Add A Product: a part's details and its first stock, enough for at least one order. */
export const NewPartFormSchema = z
  .object({ ...partDetailFields, stock: partFields.stock })
  .refine((part) => part.stock >= part.minOrder, {
    path: ['stock'],
    message: STOCK_BELOW_MINIMUM_ORDER,
  });
export type NewPartForm = z.infer<typeof NewPartFormSchema>;

export const toNewPartJson = ({ minOrder, stock, ...details }: NewPartForm): PartFields => ({
  ...details,
  minorder: minOrder,
  quantity: stock,
});

/** The edit form: a part's details, and the version of the part it was opened with. */
export const EditPartFormSchema = z.object({ ...partDetailFields, version: partFields.version });
export type EditPartForm = z.infer<typeof EditPartFormSchema>;

export const toPartUpdateJson = ({ minOrder, ...details }: EditPartForm): PartUpdate => ({
  ...details,
  minorder: minOrder,
});

/** "from 2 to 40": the quantities one order of a part may take, as the order form words them. */
export const orderableRange = (minOrder: number, stock: number) => `from ${minOrder} to ${stock}`;

/**
 * The order form of one part: a whole quantity from its minimum order to its stock
 * (requirements §5), and the customer's phone and address.
 */
export function orderFormSchema({ minOrder, stock }: { minOrder: number; stock: number }) {
  return z.object({
    partId: orderFields.partId,
    quantity: orderQuantityField(minOrder, stock),
    phone: orderFields.phone,
    address: orderFields.address,
  });
}
export type OrderForm = z.infer<ReturnType<typeof orderFormSchema>>;

/** A whole quantity from a part's minimum order to its stock, in the order form's words. */
function orderQuantityField(minOrder: number, stock: number) {
  const range = orderableRange(minOrder, stock);
  // An empty number field reads as NaN, which is not a number: the message asks for one.
  return z
    .number({ message: `Enter a quantity ${range}.` })
    .refine(
      (quantity) => isOrderQuantityAllowed(quantity, minOrder, stock),
      `Choose a whole number ${range}.`,
    );
}

/**
 * How many of a part the cart holds (the part page's "Add to cart", each line of the cart): the
 * order form's rule, as one order will take every line.
 */
export function cartQuantityFormSchema({ minOrder, stock }: { minOrder: number; stock: number }) {
  return z.object({ quantity: orderQuantityField(minOrder, stock) });
}
export type CartQuantityForm = z.infer<ReturnType<typeof cartQuantityFormSchema>>;

/** The checkout form: where the order goes, as `POST /cart/checkout` takes it. */
export const CheckoutFormSchema = CheckoutSchema;
export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;

export const toPlaceOrderJson = ({ partId, quantity, phone, address }: OrderForm): PlaceOrder => ({
  orderId: partId,
  orderQuantity: quantity,
  phone,
  address,
});

const CARD_DIGITS = /^\d{12,19}$/;
/** "MM / YY" (a four-digit year too), the spaces optional. */
const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

/**
 * The built-in processor's card form: number, expiry "MM / YY" and CVC, as typed. Only the shape
 * is checked here; whether the card is valid, expired or declined is the processor's to say.
 */
export const CardFormSchema = z.object({
  number: TestCardSchema.shape.number.refine(
    (number) => CARD_DIGITS.test(number.replace(/[\s-]/g, '')),
    cardMessages.number,
  ),
  expiry: z.string().trim().regex(EXPIRY, cardMessages.expiry),
  cvc: TestCardSchema.shape.cvc.trim().regex(/^\d{3,4}$/, cardMessages.cvc),
});
export type CardForm = z.infer<typeof CardFormSchema>;

/** The card as the processor takes it: the expiry as a month and a four-digit year. */
export function toTestCard({ number, expiry, cvc }: CardForm): TestCard {
  const [, month = '', year = ''] = EXPIRY.exec(expiry) ?? [];
  return { number, cvc, expMonth: Number(month), expYear: 2000 + Number(year.slice(-2)) };
}
