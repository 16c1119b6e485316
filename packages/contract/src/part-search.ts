import { z } from 'zod';

import { PART_PAGE_SIZE, PART_SORTS } from './part-sorts';
import { PartListSchema } from './parts';
import { VehicleKeySchema } from './vehicles';

export * from './part-sorts';

const MAX_PART_PAGE_SIZE = 100;

/**
 * The parts section's search, as the query string carries it. With none of these, `GET /parts`
 * answers the whole list, as it always has.
 */
export const PartSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'Search for at most 200 characters')
    .optional()
    .describe("Words to find in the parts' names and descriptions; taken as plain text"),
  sort: z.enum(PART_SORTS, { message: `Sort by one of: ${PART_SORTS.join(', ')}` }).optional(),
  inStock: z
    .enum(['true', 'false'], { message: 'inStock is true or false' })
    .optional()
    .describe('true: only parts with stock for at least one order'),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PART_PAGE_SIZE, `limit must be at most ${MAX_PART_PAGE_SIZE}`)
    .optional()
    .describe(`Parts per page (${PART_PAGE_SIZE} unless given)`),
  cursor: z
    .uuid({ message: 'cursor must be the `next` of a page' })
    .optional()
    .describe("The previous page's `next`: the parts after that one"),
  vehicle: VehicleKeySchema.optional().describe(
    'Only parts that fit this vehicle in this model year (universal parts fit all)',
  ),
});
export type PartSearchQuery = z.infer<typeof PartSearchQuerySchema>;

/** One page of a search, and how many parts match in all. */
export const PartPageSchema = z
  .object({
    parts: PartListSchema,
    total: z.number().int().describe('How many parts match, on every page'),
    next: z
      .string()
      .nullable()
      .describe('Pass as `cursor` for the next page; null on the last page'),
  })
  .meta({ id: 'PartPage' });
export type PartPage = z.infer<typeof PartPageSchema>;
