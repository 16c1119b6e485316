import { AsyncLocalStorage } from 'node:async_hooks';

import type { Database, Transaction } from '../../../db/client';

/**
 * Better Auth runs sign-up (the account, its password, its session) in one transaction of its
 * own, but hands its database hooks no handle on it. The database given to its adapter is this
 * one: each transaction Better Auth opens is kept here while it runs, so the shop's hooks write
 * through it (the verification mail is queued if and only if the account commits).
 *
 * On the embedded database this matters twice over: it has one connection, so a hook that wrote
 * through the plain database while Better Auth's transaction held it would wait forever.
 */
export function authTransactions(db: Database) {
  const open = new AsyncLocalStorage<Transaction>();
  const transaction: Database['transaction'] = (work, config) =>
    db.transaction((tx) => open.run(tx, () => work(tx)), config);
  const database = new Proxy(db, {
    get: (target, property, receiver): unknown =>
      property === 'transaction'
        ? transaction
        : (Reflect.get(target, property, receiver) as unknown),
  });
  return {
    /** The database for Better Auth's adapter. */
    database,
    /** Better Auth's open transaction, or the database itself outside one. */
    writer: (): Transaction | Database => open.getStore() ?? db,
  };
}
