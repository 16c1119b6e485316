import {
  centsToDollars,
  dollarsToCents,
  type Part,
  PART_PAGE_SIZE,
  type PartDetails,
  type PartFields,
  type PartSearchQuery,
  type PartUpdate,
} from '@apex/contract';

import type { PartRow } from '../../db/schema';
import type { PartSearch } from './search';

/** A part as the API shows it, in the spec's field names (docs/architecture.md#glossary). */
export function toPartJson(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    quantity: row.stock,
    minorder: row.minOrder,
    price: centsToDollars(row.priceCents),
    version: row.version,
  };
}

/** What describes a part, in the shop's words: all but its stock. */
export interface PartInfo {
  name: string;
  image: string;
  description: string;
  priceCents: number;
  minOrder: number;
}

function fromPartDetailsJson(details: PartDetails): PartInfo {
  return {
    name: details.name,
    image: details.image,
    description: details.description,
    priceCents: dollarsToCents(details.price),
    minOrder: details.minorder,
  };
}

/** Add A Product's fields: the part's description and its first stock. */
export const fromNewPartJson = (fields: PartFields): PartInfo & { stock: number } => ({
  ...fromPartDetailsJson(fields),
  stock: fields.quantity,
});

/** An edit: the part's new details, and the version of the part the form was opened with. */
export const fromPartUpdateJson = ({
  version,
  ...details
}: PartUpdate): { version: number; info: PartInfo } => ({
  version,
  info: fromPartDetailsJson(details),
});

/**
 * A search from the query string, or null when it names none of the search fields: then the
 * answer is the whole list, as the spec has it.
 */
export function fromPartSearchQuery({
  q,
  sort,
  inStock,
  limit,
  cursor,
  vehicle,
}: PartSearchQuery): PartSearch | null {
  if ([q, sort, inStock, limit, cursor, vehicle].every((field) => field === undefined)) return null;
  const words = q || null;
  return {
    words,
    sort: sort ?? (words ? 'relevance' : 'name'),
    inStockOnly: inStock === 'true',
    limit: limit ?? PART_PAGE_SIZE,
    after: cursor ?? null,
  };
}
