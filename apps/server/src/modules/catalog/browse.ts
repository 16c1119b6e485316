import type { PartSort } from '@apex/contract';

import type { PartRow } from '../../db/schema';
import { toPage } from '../../lib/keyset';
import type { PartSearch } from './search';

/** How each order compares two parts; the id last, as in the database, so no two parts tie. */
const byId = (a: PartRow, b: PartRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const COMPARE: Partial<Record<PartSort, (a: PartRow, b: PartRow) => number>> = {
  price: (a, b) => a.priceCents - b.priceCents || byId(a, b),
  'price-desc': (a, b) => b.priceCents - a.priceCents || byId(b, a),
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a),
};

/** A page of parts and how many there are in all, as `searchParts` answers it. */
export interface Page {
  rows: PartRow[];
  total: number;
  next: string | null;
}

/**
 * The page of a search among `all` (parts in the order asked): the parts after the cursor's, as
 * the database would answer it; null when the cursor names no part of `all` (taken off sale since
 * that page, say), which only the database can place among the others.
 */
/** Whether a search keeps a part it matches: in stock when asked, and fitting when asked. */
export const wantedBy =
  (search: PartSearch) =>
  (row: PartRow): boolean =>
    (!search.inStockOnly || row.stock >= row.minOrder) &&
    (!search.fitting || search.fitting.has(row.id));

export function pageFrom(all: readonly PartRow[], search: PartSearch): Page | null {
  const wanted = wantedBy(search);
  let from = 0;
  if (search.after) {
    const anchor = all.findIndex((row) => row.id === search.after);
    if (anchor < 0) return null;
    from = anchor + 1;
  }
  const rows: PartRow[] = [];
  for (let i = from; i < all.length && rows.length <= search.limit; i++) {
    const row = all[i];
    if (row && wanted(row)) rows.push(row);
  }
  const { page, next } = toPage(rows, search.limit);
  const total = search.inStockOnly || search.fitting ? all.filter(wanted).length : all.length;
  return { rows: page, total, next };
}

/**
 * The parts on sale in each order a visitor can browse them (no words), made from the catalog
 * held in memory and kept with it: the home page's first page is what every visit asks for, and
 * answering it from the database cost two queries a visit, which grew with the catalog.
 */
export function createBrowsing(byName: PartRow[]) {
  const orders = new Map<PartSort, PartRow[]>([
    ['name', byName],
    ['relevance', byName],
  ]);
  /** Every part on sale in one order, sorted the first time it is asked for. */
  const ordered = (sort: PartSort): readonly PartRow[] => {
    let rows = orders.get(sort);
    if (!rows) {
      rows = [...byName].sort(COMPARE[sort]);
      orders.set(sort, rows);
    }
    return rows;
  };
  return {
    ordered,
    /** A page of a search without words; null when only the database can answer it. */
    page: (search: PartSearch): Page | null => pageFrom(ordered(search.sort), search),
  };
}

export type Browsing = ReturnType<typeof createBrowsing>;
