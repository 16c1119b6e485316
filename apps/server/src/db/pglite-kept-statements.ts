// The embedded database's statements, parsed and planned once and kept by name.
import {
  parse,
  PGlite,
  type PGliteOptions,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

import { KEPT_STATEMENTS } from './database';

interface KeptStatement {
  name: string;
  /** The type of each parameter, as the database inferred it: how each value is written. */
  parameterTypes: number[];
}

const { serialize } = protocol;

/** Protocol messages as one buffer: one call into the database for all of them. */
function joined(messages: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return bytes;
}

/**
 * PGlite whose statements are kept. PGlite's own `query` sends every statement as six protocol
 * messages, each a call into the database's WebAssembly, and PostgreSQL parses and plans the text
 * anew each time (an unnamed statement). Here a text is prepared once as a named statement and
 * its parameter types described once; each run after that is one call, bind, describe, execute
 * and sync together. PostgreSQL re-plans a kept statement by itself when a table it reads
 * changes. Prepared statements outlive a rolled-back transaction, so no kept name is ever gone
 * from the database.
 *
 * Everything else (exec, listen, close, dumps) is PGlite's own.
 */
export class PGliteKeepingStatements extends PGlite {
  /** By text, least recently run first. */
  readonly #kept = new Map<string, KeptStatement>();
  /** Closed by the next call into the database, in the same message. */
  #toClose: string[] = [];
  #made = 0;
  readonly #capacity: number;

  constructor(dataDir: string, options: PGliteOptions, capacity = KEPT_STATEMENTS) {
    super(dataDir, options);
    this.#capacity = capacity;
  }

  /** `PGlite.create`, keeping statements. */
  static async open(
    dataDir: string,
    options: PGliteOptions,
    capacity = KEPT_STATEMENTS,
  ): Promise<PGliteKeepingStatements> {
    const pglite = new PGliteKeepingStatements(dataDir, options, capacity);
    await pglite.waitReady;
    return pglite;
  }

  /** As PGlite's own: one statement at a time, never beside a transaction. */
  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const results = await this.#run<T>(text, params, options);
        await this.syncToFs();
        return results;
      }),
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        // Inside the transaction, which holds the database: statements take turns only.
        return this._runExclusiveQuery(() => this.#run<R>(text, params, options));
      };
      // The transaction as PGlite made it, with its statements kept.
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  /** The messages that close what was dropped from the cache, then `messages`, in one call. */
  async #send(messages: Uint8Array[]) {
    const closing = this.#toClose.map((name) => serialize.close({ type: 'S', name }));
    this.#toClose = [];
    return this.execProtocolStream(joined([...closing, ...messages]), { syncToFs: false });
  }

  async #prepare(text: string, options?: QueryOptions): Promise<KeptStatement> {
    const name = `kept_${(this.#made += 1)}`;
    const described = await this.#send([
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    this.#kept.set(text, statement);
    if (this.#kept.size > this.#capacity) {
      const [oldest] = this.#kept;
      if (oldest) {
        this.#kept.delete(oldest[0]);
        this.#toClose.push(oldest[1].name);
      }
    }
    return statement;
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this._checkReady();
    let statement = this.#kept.get(text);
    if (statement) {
      // Least recently run first: this one moves to the end.
      this.#kept.delete(text);
      this.#kept.set(text, statement);
    } else {
      statement = await this.#prepare(text, options);
    }
    const { name, parameterTypes } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = parameterTypes[index] ?? 0;
      const write = options?.serializers?.[type] ?? this.serializers[type];
      // A type PGlite has no writer for takes the value's own text, as in PGlite's own query.
      return write ? write(value) : (value as { toString(): string }).toString();
    });
    const messages = await this.#send([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const [results] = parse.parseResults(messages, this.parsers, options);
    if (!results) throw new Error('the database answered a statement with no results');
    return results as Results<T>;
  }
}
