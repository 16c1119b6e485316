import type { Part as PartJson } from '@apex/contract';
// The zod-free entry: the home page's parts come through here on its first load.
import { dollarsToCents } from '@apex/contract/money';

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
