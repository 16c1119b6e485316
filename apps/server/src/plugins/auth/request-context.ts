import { AsyncLocalStorage } from 'node:async_hooks';

import { getBetterAuthVersion } from '@better-auth/core/context';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Whether this Node keeps AsyncLocalStorage with async hooks (Node 20 and 22, whose instances
 * carry an `enabled` flag). From Node 24 it keeps them in a context frame that costs nothing when
 * unused, and `disable()` would only take the store from every continuation of the frame.
 */
export const HOOKED_STORAGE = 'enabled' in new AsyncLocalStorage();

/**
 * An AsyncLocalStorage that is switched off again whenever none of its runs is in flight.
 *
 * Why: on Node 20, from the first `run()` of any AsyncLocalStorage until the last one is disabled,
 * the process runs an async hook for every promise it makes, whatever the request. Better Auth
 * keeps its request context in three of them, so one sign-in or session check made every later
 * catalog read pay for hooks it has no use for, for as long as the process lived: 169,000
 * instructions per catalog answer instead of 137,000 (docs/performance.md, "the request
 * pipeline"). With these, the hooks run only while a run is in flight, and the last run to settle
 * switches them off.
 *
 * A run's store reaches everything the run awaits. Work it starts without awaiting, and which
 * outlives it, cannot count on its store once the run has settled: it reads none while the
 * storage is off, and promises it makes meanwhile carry none. Better Auth 1.7 starts no such work
 * here: it awaits its background tasks unless given a handler for them
 * (`advanced.backgroundTasks`), which the shop does not give, and never calls `enterWith`.
 */
export class RequestContext<T> extends AsyncLocalStorage<T> {
  #inFlight = 0;

  override run<R>(store: T, callback: () => R): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.#inFlight++;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      this.#settled();
      throw error;
    }
    if (!isThenable(result)) {
      this.#settled();
      return result;
    }
    return Promise.resolve(result).finally(() => this.#settled()) as R;
  }

  /** Runs of this storage still in flight. */
  get inFlight(): number {
    return this.#inFlight;
  }

  #settled(): void {
    this.#inFlight--;
    if (this.#inFlight === 0 && HOOKED_STORAGE) this.disable();
  }
}

/**
 * Where Better Auth keeps its request context: three AsyncLocalStorage instances on a global of
 * its own, each created when first needed unless one is already there (`??=`). The names are
 * Better Auth 1.7's; `request-context.test.ts` fails if a new version stops using them.
 */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
export const BETTER_AUTH_STORAGES = [
  'endpointContextAsyncStorage',
  'requestStateAsyncStorage',
  'adapterAsyncStorage',
] as const;

interface BetterAuthGlobal {
  context: Partial<Record<(typeof BETTER_AUTH_STORAGES)[number], AsyncLocalStorage<unknown>>>;
}

/** Better Auth's global, created (with the version it checks) when it is not there yet. */
export function betterAuthGlobal(): BetterAuthGlobal {
  getBetterAuthVersion();
  const found = (globalThis as Record<symbol, BetterAuthGlobal | undefined>)[BETTER_AUTH_GLOBAL];
  if (!found) throw new Error('Better Auth keeps its context elsewhere: see request-context.ts');
  return found;
}

/**
 * Gives Better Auth request contexts that switch themselves off, before it creates its own.
 * Idempotent: every app of a process shares the one global.
 */
export function installRequestContexts(): void {
  const { context } = betterAuthGlobal();
  for (const name of BETTER_AUTH_STORAGES) context[name] ??= new RequestContext();
}
