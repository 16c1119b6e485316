// What an order does to the stock: hold it while unpaid, take it when paid, give it back
// (decision 022). Every change is one conditional UPDATE per part, in the order of the parts'
// ids, so two orders sharing parts lock them in the same order and neither waits for the other.
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';

import { MAX_ORDER_TOTAL_CENTS } from '@apex/contract';

import type { Transaction } from '../../db/client';
import { type OrderLine, type PartRow, parts, users } from '../../db/schema';
import { type MailMessage, queueMail } from '../../lib/outbox';

/**
 * What an order reads back of a part it holds or takes: its line's name and price, and what the
 * low-stock notice checks (not the whole row: the search column alone is larger than the rest).
 */
export const stockedPart = {
  id: parts.id,
  name: parts.name,
  priceCents: parts.priceCents,
  stock: parts.stock,
  minOrder: parts.minOrder,
};
export type StockedPart = Pick<PartRow, keyof typeof stockedPart>;

/** A line as its stock sees it: which part, and how many units. */
type Units = Pick<OrderLine, 'partId' | 'quantity'>;

/** The same units, one entry a part, in the order of the parts' ids. */
export function unitsByPart(lines: readonly Units[]): [string, number][] {
  const units = new Map<string, number>();
  for (const { partId, quantity } of lines) {
    units.set(partId, (units.get(partId) ?? 0) + quantity);
  }
  return [...units.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Whether a part on sale can take a line of `quantity` units at the price the customer was shown
 * (none: any price), with `leaving` units of the part's stock untouched afterwards.
 */
export function takes(quantity: number, shownUnitPriceCents: number | null, leaving = sql`0`) {
  return and(
    isNull(parts.archivedAt),
    lte(parts.minOrder, quantity),
    gte(parts.stock, sql`${quantity} + ${leaving}`),
    lte(parts.priceCents, Math.floor(MAX_ORDER_TOTAL_CENTS / quantity)),
    shownUnitPriceCents === null ? undefined : eq(parts.priceCents, shownUnitPriceCents),
  );
}

/**
 * The condition of a hold: it leaves at least one minimum order of the part on the shelf, for
 * whoever pays first. However many accounts order and never pay, anyone who pays can buy.
 */
export const holds = (quantity: number, shownUnitPriceCents: number | null) =>
  takes(quantity, shownUnitPriceCents, sql`${parts.minOrder}`);

/** Takes `quantity` units of a part off the shelf, if the condition still holds; the part after. */
export function takeUnits(
  tx: Transaction,
  partId: string,
  quantity: number,
  condition: ReturnType<typeof takes>,
) {
  return tx
    .update(parts)
    .set({
      stock: sql`${parts.stock} - ${quantity}`,
      version: sql`${parts.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(parts.id, partId), condition))
    .returning(stockedPart);
}

/** Puts units back on the shelf (a cancelled hold); each part's version goes up by one. */
export async function returnStock(tx: Transaction, lines: readonly Units[]): Promise<void> {
  for (const [partId, quantity] of unitsByPart(lines)) {
    await tx
      .update(parts)
      .set({
        stock: sql`${parts.stock} + ${quantity}`,
        version: sql`${parts.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(parts.id, partId));
  }
}

/**
 * Takes a paid order's units off the shelf when its order held none: all of them, or none (then
 * answers null, and the caller rolls back). The parts as they are afterwards.
 */
export async function takePaidUnits(
  tx: Transaction,
  lines: readonly Units[],
): Promise<StockedPart[] | null> {
  const taken: StockedPart[] = [];
  for (const [partId, quantity] of unitsByPart(lines)) {
    const [part] = await takeUnits(tx, partId, quantity, gte(parts.stock, quantity));
    if (!part) return null;
    taken.push(part);
  }
  return taken;
}

/**
 * When the stock of a part has just fallen below its minimum order (nobody can order it until
 * it is restocked), every admin gets a notice: at most one a part a day, whoever orders.
 */
export async function mailLowStock(
  tx: Transaction,
  part: StockedPart,
  quantity: number,
): Promise<void> {
  if (part.stock >= part.minOrder || part.stock + quantity < part.minOrder) return;
  const [due] = await tx
    .update(parts)
    .set({ lowStockMailedAt: sql`now()` })
    .where(
      and(
        eq(parts.id, part.id),
        or(
          isNull(parts.lowStockMailedAt),
          lte(parts.lowStockMailedAt, sql`now() - interval '1 day'`),
        ),
      ),
    )
    .returning({ id: parts.id });
  if (!due) return;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const { id, name, stock, minOrder } = part;
  const message: MailMessage = { kind: 'low-stock', part: { id, name, stock, minOrder } };
  await queueMail(
    tx,
    admins.map((admin) => ({ to: admin.email, message })),
  );
}
