import { z } from 'zod';

/**
 * The `before` of a list read a page at a time, newest first (Activity, Outbox): the previous
 * page's `next`, the id of its oldest item.
 */
export const pageCursor = (item: string, items: string) =>
  z
    .uuid({ message: `before must be the id of ${item}` })
    .optional()
    .describe(`The previous page's \`next\`: ${items} older than that one`);
