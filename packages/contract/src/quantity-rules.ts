// How many of a part one order, and one cart, may take. A module of its own, importing nothing:
// the web app's first load (the cart's badge and "Add to cart") needs these rules and none of
// the others (`rules.ts` re-exports them for everyone else).

/** How many vehicles one garage keeps: enough for a household, few enough to choose from. */
export const GARAGE_MAX_VEHICLES = 5;

/** How many different parts one cart (and so one order) can hold. */
export const CART_MAX_LINES = 50;

/** The order form's hint (requirements §5). */
export const orderQuantityHint = (min: number, max: number) =>
  `Minimum Order is ${min} and Maximum order is ${max}`;

/** Order is enabled only for a whole quantity from the part's minimum order to its stock. */
export const isOrderQuantityAllowed = (quantity: number, min: number, max: number) =>
  Number.isInteger(quantity) && quantity >= min && quantity <= max;
