// An order and its lines, read together: every order the module reads or changes comes with
// what it holds, in the same statement.
import { getTableColumns, sql } from 'drizzle-orm';

import { type OrderLine, orders } from '../../db/schema';

/**
 * The order's lines as one JSON value, in the order the customer put them: a subquery on the
 * lines' primary key, so a list of orders is still one statement, and an UPDATE or DELETE can
 * return the order with its lines.
 */
const linesOfOrder = sql<OrderLine[]>`(
  select coalesce(json_agg(json_build_object(
    'partId', l.part_id,
    'partName', l.part_name,
    'unitPriceCents', l.unit_price_cents,
    'quantity', l.quantity,
    'totalCents', l.total_cents
  ) order by l.position), '[]'::json)
  from order_lines l where l.order_id = ${orders.id}
)`;

/** The columns to select or return for an order with its lines. */
export const orderWithLines = { ...getTableColumns(orders), lines: linesOfOrder };

/** The order's parts in a few words: the part's name, or the names of every line. */
export function partNamesOf(lines: readonly Pick<OrderLine, 'partName'>[]): string {
  return lines.map((line) => line.partName).join(', ');
}

/** How many units the order holds, over its lines. */
export function unitsOf(lines: readonly Pick<OrderLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
