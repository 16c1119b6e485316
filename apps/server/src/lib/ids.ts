const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a request can name one of our rows (their ids are UUIDs). Anything else
 * names nothing, and is answered as such before it reaches a query: PostgreSQL refuses a
 * malformed UUID with an error, which would be a 500 instead of a 404.
 */
export const isUuid = (id: string): boolean => UUID.test(id);
