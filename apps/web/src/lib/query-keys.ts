/**
 * The key of every cached query, in one place: a feature refreshes another's data by naming it
 * here, never by reaching into that feature, and never by dropping every query. Keys nest, so
 * refreshing `orders.all` also refreshes each order and each list of orders.
 */
export const queryKeys = {
  session: ['session'] as const,
  signInOptions: ['sign-in-options'] as const,
  admin: (email: string | undefined) => ['admin', email] as const,
  users: ['users'] as const,
  /** A page-at-a-time read of the Users list, by its search's query string. */
  usersPaged: (query: string) => ['users', 'paged', query] as const,
  profile: (email: string) => ['profile', email] as const,
  parts: {
    all: ['parts'] as const,
    one: (id: string) => ['parts', id] as const,
    /** A page of a search, by its query string (cursor included). */
    page: (query: string) => ['parts', 'page', query] as const,
  },
  reviews: ['reviews'] as const,
  orders: {
    all: ['orders'] as const,
    mine: (email: string) => ['orders', 'mine', email] as const,
    one: (id: string) => ['orders', 'one', id] as const,
    /** Manage Orders, a page at a time, by its filter's query string. */
    managed: (query: string) => ['orders', 'managed', query] as const,
  },
  /** The vehicle picker's choices, by the query string of the choices made so far. */
  vehicleOptions: (query: string) => ['vehicle-options', query] as const,
  vehicles: ['vehicles'] as const,
  /** A vehicle in a model year, by its key (`2019-lamborghini-huracan-evo`). */
  vehicle: (key: string) => ['vehicles', key] as const,
  /** Which vehicles a part fits; an admin's change refreshes them all. */
  fitment: { all: ['fitment'] as const, part: (id: string) => ['fitment', id] as const },
  /** The signed-in customer's garage (a visitor's lives in the browser). */
  garage: ['garage'] as const,
  /** The signed-in customer's cart (a visitor's lives in the browser, not in this cache). */
  cart: ['cart'] as const,
  payments: {
    config: ['payment-config'] as const,
    intent: (orderId: string) => ['payment-intent', orderId] as const,
  },
  activity: ['activity'] as const,
  overview: ['overview'] as const,
  outbox: {
    all: ['outbox'] as const,
    message: (id: string | null) => ['outbox', 'message', id] as const,
  },
  backups: ['backups'] as const,
};
