import { httpErrors } from '@fastify/sensible';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';

import { CART_MAX_LINES, type CartProblem, formatCents, orderQuantityHint } from '@apex/contract';

import type { Database } from '../../db/client';
import { cartLines, parts, users } from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import { isUuid } from '../../lib/ids';
import { createCheckout, type PlaceOrder } from './checkout';

/** A line as the customer sets it: the part, how many, and the price they were shown. */
export interface CartLineChange {
  partId: string;
  quantity: number;
  shownUnitPriceCents: number;
}

/** A line of the cart with its part as it is now, and what stands in the way of ordering it. */
export interface CartLine {
  partId: string;
  name: string;
  image: string;
  quantity: number;
  unitPriceCents: number;
  shownUnitPriceCents: number;
  minOrder: number;
  stock: number;
  problem: { kind: CartProblem; message: string } | null;
}

/**
 * What stands in the way of ordering a line as it is, in the words the cart shows beside it;
 * a checkout refused for the same reason says it with the part's name.
 */
function problemOf(line: Omit<CartLine, 'problem'> & { archived: boolean }): CartLine['problem'] {
  if (line.archived) return { kind: 'archived', message: 'No longer sold' };
  if (line.stock === 0) return { kind: 'sold-out', message: 'Sold out' };
  if (line.quantity < line.minOrder) {
    return { kind: 'below-minimum', message: orderQuantityHint(line.minOrder, line.stock) };
  }
  if (line.quantity > line.stock) {
    return { kind: 'not-enough-stock', message: `Only ${line.stock} left` };
  }
  if (line.unitPriceCents !== line.shownUnitPriceCents) {
    return {
      kind: 'price-changed',
      message: `The price changed from ${formatCents(line.shownUnitPriceCents)} to ${formatCents(line.unitPriceCents)}`,
    };
  }
  return null;
}

const FULL = `Your cart holds at most ${CART_MAX_LINES} parts: order these first`;
const notSold = () => httpErrors.notFound('There is no part with this id in the catalogue');

/**
 * The customer's cart, kept on the server so it follows them to any device, and its checkout:
 * one order of every line, placed by the orders module.
 */
export function createCart(db: Database, placeOrder: PlaceOrder) {
  async function view(viewer: Viewer): Promise<CartLine[]> {
    const rows = await db
      .select({
        partId: cartLines.partId,
        quantity: cartLines.quantity,
        shownUnitPriceCents: cartLines.shownUnitPriceCents,
        name: parts.name,
        image: parts.image,
        unitPriceCents: parts.priceCents,
        minOrder: parts.minOrder,
        stock: parts.stock,
        archived: sql<boolean>`${parts.archivedAt} is not null`,
      })
      .from(cartLines)
      .innerJoin(parts, eq(parts.id, cartLines.partId))
      .where(eq(cartLines.userId, viewer.id))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.partId));
    return rows.map(({ archived, ...line }) => ({
      ...line,
      problem: problemOf({ ...line, archived }),
    }));
  }

  /** The parts on sale among these ids (an archived part cannot be put in a cart). */
  async function partsOnSale(ids: string[]): Promise<Set<string>> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return new Set();
    const rows = await db
      .select({ id: parts.id })
      .from(parts)
      .where(and(inArray(parts.id, wanted), isNull(parts.archivedAt)));
    return new Set(rows.map((row) => row.id));
  }

  return {
    view,

    /** Adds a part, or sets the quantity and shown price of one already in the cart. */
    async setLine(viewer: Viewer, change: CartLineChange): Promise<CartLine[]> {
      const { partId, quantity, shownUnitPriceCents } = change;
      if (!(await partsOnSale([partId])).has(partId)) throw notSold();
      const changed = await db
        .update(cartLines)
        .set({ quantity, shownUnitPriceCents })
        .where(and(eq(cartLines.userId, viewer.id), eq(cartLines.partId, partId)))
        .returning({ partId: cartLines.partId });
      if (changed.length === 0) {
        // A new line, if the cart has room. The customer's row is locked while the lines are
        // counted, so two parts added at once from two tabs cannot both take the last place.
        await db.transaction(async (tx) => {
          await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, viewer.id))
            .for('update');
          const [held] = await tx
            .select({ n: count() })
            .from(cartLines)
            .where(eq(cartLines.userId, viewer.id));
          if ((held?.n ?? 0) >= CART_MAX_LINES) throw httpErrors.conflict(FULL);
          await tx
            .insert(cartLines)
            .values({ userId: viewer.id, partId, quantity, shownUnitPriceCents })
            .onConflictDoUpdate({
              target: [cartLines.userId, cartLines.partId],
              set: { quantity, shownUnitPriceCents },
            });
        });
      }
      return view(viewer);
    },

    async removeLine(viewer: Viewer, partId: string): Promise<CartLine[]> {
      if (isUuid(partId)) {
        await db
          .delete(cartLines)
          .where(and(eq(cartLines.userId, viewer.id), eq(cartLines.partId, partId)));
      }
      return view(viewer);
    },

    /**
     * Merges the cart a visitor filled in the browser into their account's at sign-in. A part
     * in both keeps the larger quantity (signing in on a second device does not double it) and
     * the price the browser showed last; parts no longer sold are left out, and so are new
     * parts past the cart's room.
     */
    async merge(viewer: Viewer, lines: CartLineChange[]): Promise<CartLine[]> {
      const onSale = await partsOnSale(lines.map((line) => line.partId));
      await db.transaction(async (tx) => {
        // As when a line is added: the customer's row is locked while the room is counted.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
        const held = await tx
          .select({ partId: cartLines.partId })
          .from(cartLines)
          .where(eq(cartLines.userId, viewer.id));
        const inCart = new Set(held.map((line) => line.partId));
        let room = CART_MAX_LINES - inCart.size;
        const taken = new Map<string, CartLineChange>();
        for (const line of lines) {
          if (!onSale.has(line.partId)) continue;
          const before = taken.get(line.partId);
          if (!before && !inCart.has(line.partId)) {
            if (room <= 0) continue;
            room--;
          }
          if (!before || line.quantity > before.quantity) taken.set(line.partId, line);
        }
        if (taken.size === 0) return;
        await tx
          .insert(cartLines)
          .values(
            [...taken.values()].map((line) => ({
              userId: viewer.id,
              partId: line.partId,
              quantity: line.quantity,
              shownUnitPriceCents: line.shownUnitPriceCents,
            })),
          )
          .onConflictDoUpdate({
            target: [cartLines.userId, cartLines.partId],
            set: {
              quantity: sql`greatest(${cartLines.quantity}, excluded.quantity)`,
              shownUnitPriceCents: sql`excluded.shown_unit_price_cents`,
            },
          });
      });
      return view(viewer);
    },

    ...createCheckout(db, placeOrder),
  };
}

export type Cart = ReturnType<typeof createCart>;
