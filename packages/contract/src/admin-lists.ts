import { z } from 'zod';

import { UserListSchema } from './accounts';
import { OrderListSchema } from './orders';
import { keysetCursor, nextKeysetCursor } from './paging';

/** How many rows one page of Manage Orders or of Users holds. */
export const ADMIN_LIST_PAGE_SIZE = 50;

/** The order states Manage Orders filters by, as the API names them (`pending`: paid, unshipped). */
export const ORDER_STATES = ['unpaid', 'pending', 'shipped', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The longest search the admin lists take: longer than any e-mail address or name kept. */
export const ADMIN_SEARCH_MAX_LENGTH = 254;

const search = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, `Search for at most ${ADMIN_SEARCH_MAX_LENGTH} characters`)
  .optional()
  .describe("The start of the customer's e-mail address or name, in any case; taken as plain text");

/** Manage Orders' list, as the query string carries it. */
export const AdminOrdersQuerySchema = z.object({
  state: z
    .enum(ORDER_STATES, { message: `state is one of: ${ORDER_STATES.join(', ')}` })
    .optional()
    .describe('Only orders in this state'),
  q: search,
  cursor: keysetCursor,
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** One page of Manage Orders, newest first. */
export const AdminOrdersPageSchema = z
  .object({
    orders: OrderListSchema,
    next: nextKeysetCursor,
  })
  .meta({ id: 'AdminOrdersPage' });
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

/** The Users list, as the query string carries it. */
export const AdminUsersQuerySchema = z.object({ q: search, cursor: keysetCursor });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

/** One page of the Users list, newest first. */
export const AdminUsersPageSchema = z
  .object({
    users: UserListSchema,
    next: nextKeysetCursor,
  })
  .meta({ id: 'AdminUsersPage' });
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;
