// A PostgreSQL server's statements, parsed and planned once per connection and kept by name.
import pg from 'pg';

import { KEPT_STATEMENTS } from './database';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The pool's connections. node-postgres sends a query without a name as an unnamed statement,
 * which the server parses, analyses and plans again every time; on the 2-core machine the
 * server's share of an order was most of what the shop waited for. Each connection here names
 * the texts it runs, so node-postgres parses each once and later runs only bind and execute. The
 * server plans a kept statement again by itself when a table it reads changes.
 *
 * A connection keeps its first KEPT_STATEMENTS texts; past that, a new text runs unnamed, as
 * before, so what one connection holds on the server stays bounded. Its statements go with it
 * when the pool closes it.
 */
export class ClientKeepingStatements extends pg.Client {
  /** The name of each text this connection keeps. */
  readonly kept = new Map<string, string>();
}

// On the prototype, and through the Client's own `query` looked up at each call: whatever
// wraps that (the round-trip count of the tests) still sees every statement.
ClientKeepingStatements.prototype.query = function (
  this: ClientKeepingStatements,
  config: unknown,
  ...rest: unknown[]
) {
  return (pg.Client.prototype.query as Query).call(this, named(this, config), ...rest);
} as pg.Client['query'];

/** `config` under the name its text is kept by, when it is a statement this connection keeps. */
function named(client: ClientKeepingStatements, config: unknown): unknown {
  if (
    typeof config !== 'object' ||
    config === null ||
    !('text' in config) ||
    typeof config.text !== 'string' ||
    ('name' in config && config.name) ||
    // A cursor, or another query object that sends itself.
    ('submit' in config && typeof config.submit === 'function')
  ) {
    return config;
  }
  let name = client.kept.get(config.text);
  if (name === undefined) {
    if (client.kept.size >= KEPT_STATEMENTS) return config;
    name = `kept_${client.kept.size + 1}`;
    client.kept.set(config.text, name);
  }
  return { ...config, name };
}
