// What changes the cart, in a module of its own: the badge and "Add to cart" are on every page's
// first load, and this arrives with the first press (or with the cart and part pages).
import { CART_MAX_LINES, isOrderQuantityAllowed } from '@apex/contract/quantity-rules';

import { queryKeys } from '@/lib/query-keys';
import { settledAccount } from '@/lib/settled-account';
import type { Part } from '@/lib/shop';

import { deleteCartLine, putCartLine } from './api/change-cart-line';
import { cartQueryOptions } from './api/get-cart';
import type { CartHolder } from './use-cart';
import { readVisitorCart, saveVisitorCart } from './visitor-cart';

/** What a cart line needs of its part: to show it, to keep its quantity within its rules. */
export type CartPart = Pick<Part, 'id' | 'name' | 'image' | 'priceCents' | 'minOrder' | 'stock'>;

const CART_FULL = `A cart holds at most ${CART_MAX_LINES} parts`;

/** Whose cart a change is for: a press made while the session loads waits until it is known. */
const accountOf = ({ account, queryClient }: CartHolder) =>
  account === 'unknown' ? settledAccount(queryClient) : Promise.resolve(account);

/** Adds a part to the cart, or sets its line, at the unit price the customer was shown. */
export async function setLine(
  holder: CartHolder,
  part: CartPart,
  quantity: number,
  shownUnitPriceCents: number,
): Promise<void> {
  const { queryClient } = holder;
  if ((await accountOf(holder)) === 'customer') {
    const cart = await putCartLine(part.id, quantity, shownUnitPriceCents);
    queryClient.setQueryData(queryKeys.cart, cart);
    return;
  }
  const { id: partId, name, image, minOrder, stock } = part;
  const line = {
    partId,
    name,
    image,
    quantity,
    unitPriceCents: shownUnitPriceCents,
    minOrder,
    stock,
  };
  const lines = readVisitorCart();
  const at = lines.findIndex((other) => other.partId === partId);
  if (at === -1 && lines.length >= CART_MAX_LINES) throw new Error(CART_FULL);
  saveVisitorCart(
    at === -1 ? [...lines, line] : lines.map((other, i) => (i === at ? line : other)),
  );
}

export async function removeLine(holder: CartHolder, partId: string) {
  if ((await accountOf(holder)) === 'customer') {
    holder.queryClient.setQueryData(queryKeys.cart, await deleteCartLine(partId));
    return;
  }
  saveVisitorCart(readVisitorCart().filter((line) => line.partId !== partId));
}

/**
 * A card's "Add to cart": the part's minimum order, or one more unit of its line, within its
 * stock. Answers the line's quantity.
 */
export async function addOne(holder: CartHolder, part: CartPart): Promise<number> {
  const { queryClient } = holder;
  const options = cartQueryOptions();
  const lines =
    (await accountOf(holder)) === 'customer'
      ? (queryClient.getQueryData(options.queryKey) ?? (await queryClient.query(options))).lines
      : readVisitorCart();
  const line = lines.find((other) => other.partId === part.id);
  const quantity = line ? line.quantity + 1 : part.minOrder;
  if (!isOrderQuantityAllowed(quantity, part.minOrder, part.stock)) {
    throw new Error(
      line
        ? `Your cart already holds all ${part.stock} of ${part.name} in stock`
        : `${part.name} is out of stock`,
    );
  }
  await setLine(holder, part, quantity, part.priceCents);
  return quantity;
}
