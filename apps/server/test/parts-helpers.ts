import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { parts } from '../src/db/schema';
import type { PartSearch } from '../src/modules/catalog/search';

/** A part's stock as the database has it now; undefined when there is no such part. */
export const stockOf = async (app: FastifyInstance, partId: string) =>
  (await app.database.db.select({ stock: parts.stock }).from(parts).where(eq(parts.id, partId)))[0]
    ?.stock;

/** A part's stock as the catalogue shows it to customers (`quantity` of `GET /api/parts/:id`). */
export const shownStockOf = async (app: FastifyInstance, partId: string) =>
  (await app.inject({ method: 'GET', url: `/api/parts/${partId}` })).json<{ quantity: number }>()
    .quantity;

/** Adds units to a part's stock as the admin's restock form does, whatever the outcome. */
export const restockPart = (
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  payload: unknown,
) =>
  app.inject({
    method: 'POST',
    url: `/api/parts/${id}/restock`,
    headers,
    payload: payload as object,
  });

/** Every page of a search, walked from the first by its cursors: each page's ids and total. */
export async function walk(
  pageOf: (
    search: PartSearch,
  ) => Promise<{ rows: { id: string }[]; total: number; next: string | null }>,
  search: Omit<PartSearch, 'after'>,
) {
  const pages: { ids: string[]; total: number }[] = [];
  let after: string | null = null;
  do {
    const page = await pageOf({ ...search, after });
    pages.push({ ids: page.rows.map((row) => row.id), total: page.total });
    after = page.next;
  } while (after);
  return pages;
}
