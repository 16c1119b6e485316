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

/**
 * A page's `next` for a list in order of time and id (Manage Orders, Users, My Orders), sent back
 * as it came: opaque to clients (the server reads the row it stands after from it), so only its
 * form is checked here.
 */
export const keysetCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be the `next` of a page')
  .optional()
  .describe("The previous page's `next`: the rows after that one");

/** The `next` of a page read by `keysetCursor`. */
export const nextKeysetCursor = z
  .string()
  .nullable()
  .describe('Pass as `cursor` for the next page; null on the last');
