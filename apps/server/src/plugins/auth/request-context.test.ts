import type { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { signUp } from '../../../test/accounts-helpers';
import { useTestApp } from '../../../test/test-app';
import {
  BETTER_AUTH_STORAGES,
  betterAuthGlobal,
  HOOKED_STORAGE,
  RequestContext,
} from './request-context';

/** Whether Node runs the storage's async hooks (Node 20 and 22 keep the flag on the instance). */
const hooked = (storage: AsyncLocalStorage<unknown>) =>
  (storage as unknown as { enabled: boolean }).enabled;

// Where Node keeps AsyncLocalStorage without async hooks (from Node 24), there is nothing to switch off.
describe.runIf(HOOKED_STORAGE)('a request context', () => {
  it('reaches everything its run awaits, and is switched off once the run has settled', async () => {
    const context = new RequestContext<string>();
    const seen = await context.run('order 1', async () => {
      expect(hooked(context)).toBe(true);
      await sleep(1);
      const inner = await Promise.resolve().then(() => context.getStore());
      return [context.getStore(), inner];
    });
    expect(seen).toEqual(['order 1', 'order 1']);
    expect(context.inFlight).toBe(0);
    expect(hooked(context)).toBe(false);
    expect(context.getStore()).toBeUndefined();
  });

  it('stays on while any run is in flight, and each run keeps its own store', async () => {
    const context = new RequestContext<string>();
    const disable = vi.spyOn(context, 'disable');
    let finishSecond = () => {};
    const secondMayFinish = new Promise<void>((resolve) => (finishSecond = resolve));
    const second = context.run('second', async () => {
      await secondMayFinish;
      return context.getStore();
    });
    const first = await context.run('first', async () => {
      await sleep(1);
      return context.getStore();
    });

    expect(first).toBe('first');
    expect(disable).not.toHaveBeenCalled();
    expect(context.inFlight).toBe(1);
    finishSecond();
    expect(await second).toBe('second');
    expect(disable).toHaveBeenCalledTimes(1);
    expect(context.inFlight).toBe(0);
  });

  it('is switched off after a run that returns at once, throws or rejects, and passes errors on', async () => {
    const context = new RequestContext<number>();
    expect(context.run(1, (a: number, b: number) => a + b + (context.getStore() ?? 0), 2, 3)).toBe(
      6,
    );
    expect(hooked(context)).toBe(false);
    expect(() =>
      context.run(2, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(hooked(context)).toBe(false);
    await expect(context.run(3, () => Promise.reject(new Error('declined')))).rejects.toThrow(
      'declined',
    );
    expect(hooked(context)).toBe(false);
    expect(context.inFlight).toBe(0);
  });

  it('stays on until a thenable that is not a promise has settled', async () => {
    const context = new RequestContext<string>();
    let settle = (_value: string) => {};
    const thenable: PromiseLike<string> = {
      then: (onDone, onFailed) =>
        new Promise<string>((resolve) => (settle = resolve)).then(onDone, onFailed),
    };
    const running = context.run('order 2', () => thenable);
    await sleep(1);
    expect(context.inFlight).toBe(1);
    expect(hooked(context)).toBe(true);
    settle('paid');
    expect(await running).toBe('paid');
    expect(hooked(context)).toBe(false);
  });
});

describe.runIf(HOOKED_STORAGE)("Better Auth's request context in the shop", () => {
  const t = useTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is held in request contexts that are all switched off once sign-up and a session check are done', async () => {
    const runs = vi.spyOn(RequestContext.prototype, 'run');
    const customer = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(res.json<{ user: { email: string } }>().user.email).toBe(customer.email);

    const { context } = betterAuthGlobal();
    for (const name of BETTER_AUTH_STORAGES) {
      // Better Auth created each while signing up; a new version that renamed them fails here.
      expect(context[name], name).toBeInstanceOf(RequestContext);
    }
    // Better Auth's three and the shop's own (its open transaction, auth-transactions.ts).
    const used = new Set(runs.mock.contexts as RequestContext<unknown>[]);
    expect(used.size).toBe(4);
    for (const storage of used) {
      expect(storage.inFlight).toBe(0);
      expect(hooked(storage)).toBe(false);
    }
  });
});
