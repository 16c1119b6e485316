import type { Database } from '../src/db/client';
import {
  type OrderRow,
  orders,
  type PartRow,
  parts,
  type ReviewRow,
  reviews,
} from '../src/db/schema';

let sequence = 0;

export async function makePart(
  db: Database,
  overrides: Partial<typeof parts.$inferInsert> = {},
): Promise<PartRow> {
  sequence++;
  const [row] = await db
    .insert(parts)
    .values({
      name: `Test part ${sequence}`,
      image: `/images/parts/test-${sequence}.svg`,
      description: `A part made for test ${sequence}.`,
      priceCents: 12_345,
      stock: 50,
      minOrder: 2,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function makeReview(
  db: Database,
  overrides: Partial<typeof reviews.$inferInsert> = {},
): Promise<ReviewRow> {
  sequence++;
  const [row] = await db
    .insert(reviews)
    .values({
      reviewerName: `Reviewer ${sequence}`,
      reviewerEmail: `reviewer${sequence}@example.com`,
      rating: 5,
      description: `Review number ${sequence}.`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** An order placed straight in the database, for tests about who may see or change it. */
export async function makeOrder(
  db: Database,
  {
    part,
    user,
    ...overrides
  }: { part: PartRow; user: { id: string; name: string; email: string } } & Partial<
    typeof orders.$inferInsert
  >,
): Promise<OrderRow> {
  const quantity = overrides.quantity ?? part.minOrder;
  const [row] = await db
    .insert(orders)
    .values({
      partId: part.id,
      partName: part.name,
      unitPriceCents: part.priceCents,
      quantity,
      totalCents: part.priceCents * quantity,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      phone: '+1 555 0100',
      address: '1 Pit Lane',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
