// Free of zod: the home page's first load reads these (the contract's own entry
// `@apex/contract/part-sorts`).

/**
 * How a search orders the parts: by how well they match the words (the default with words),
 * by name (the default without), by price either way, or the newest first.
 */
export const PART_SORTS = ['relevance', 'name', 'price', 'price-desc', 'newest'] as const;
export type PartSort = (typeof PART_SORTS)[number];

/** How many parts the home page shows before "Show more". */
export const PART_PAGE_SIZE = 12;
