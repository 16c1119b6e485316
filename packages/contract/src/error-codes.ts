// The codes of refusals a page acts on (`code` in the one error shape), apart from the schemas so
// that a page reads them without loading zod.

/** A checkout refused because the cart was checked out meanwhile; the message names the order. */
export const CART_CHECKED_OUT = 'CART_CHECKED_OUT';
