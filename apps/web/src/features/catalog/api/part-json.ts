import { dollarsToCents, type Part as PartJson } from '@apex/contract';

import type { Part } from '@/lib/shop';

/** The one place the web app reads a part's wire names (docs/architecture.md#glossary). */
export function fromPartJson(json: PartJson): Part {
  return {
    id: json._id,
    name: json.name,
    image: json.image,
    description: json.description,
    stock: json.quantity,
    minOrder: json.minorder,
    priceCents: dollarsToCents(json.price),
    version: json.version,
  };
}
