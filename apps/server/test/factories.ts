import type { Database } from '../src/db/client';
import {
  orderLines,
  orders,
  type OrderWithLines,
  type PartRow,
  parts,
  type ReviewRow,
  reviews,
} from '../src/db/schema';

let sequence = 0;

/** The one row an insert returned. */
function theRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

type NewPart = typeof parts.$inferInsert;
type NewReview = typeof reviews.$inferInsert;

export async function makePart(db: Database, overrides: Partial<NewPart> = {}): Promise<PartRow> {
  const n = ++sequence;
  const values: NewPart = {
    name: `Test part ${n}`,
    image: `/images/parts/test-${n}.svg`,
    description: `A part made for test ${n}.`,
    priceCents: 12_345,
    stock: 50,
    minOrder: 2,
  };
  const insert = db.insert(parts).values({ ...values, ...overrides });
  return theRow(await insert.returning());
}

export async function makeReview(
  db: Database,
  overrides: Partial<NewReview> = {},
): Promise<ReviewRow> {
  const n = ++sequence;
  const values: NewReview = {
    rating: 5,
    reviewerName: `Reviewer ${n}`,
    reviewerEmail: `reviewer${n}@example.com`,
    description: `Review number ${n}.`,
  };
  const insert = db.insert(reviews).values({ ...values, ...overrides });
  return theRow(await insert.returning());
}

/** An order of one line placed straight in the database, for tests about who may see or change it. */
export async function makeOrder(
  db: Database,
  {
    part,
    user,
    quantity = part.minOrder,
    ...overrides
  }: {
    part: PartRow;
    user: { id: string; name: string; email: string };
    quantity?: number;
  } & Partial<typeof orders.$inferInsert>,
): Promise<OrderWithLines> {
  const line = {
    partId: part.id,
    partName: part.name,
    unitPriceCents: part.priceCents,
    quantity,
    totalCents: part.priceCents * quantity,
  };
  const order = theRow(
    await db
      .insert(orders)
      .values({
        totalCents: line.totalCents,
        userId: user.id,
        userName: user.name,
        userEmail: user.email,
        phone: '+1 555 0100',
        address: '1 Pit Lane',
        ...overrides,
      })
      .returning(),
  );
  await db.insert(orderLines).values({ orderId: order.id, position: 0, ...line });
  return { ...order, lines: [line] };
}
