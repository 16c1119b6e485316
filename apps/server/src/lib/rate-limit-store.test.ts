import { describe, expect, it } from 'vitest';

import { createMemoryRateLimitStore } from './rate-limit-store';

const rule = { window: 60, max: 3 };

/** A store on a clock the test moves. */
function storeAt(start = 1_000_000) {
  let at = start;
  const store = createMemoryRateLimitStore(() => at);
  return { store, pass: (ms: number) => (at += ms) };
}

describe('the write limits of the embedded shop, counted in memory', () => {
  it('allows the window its requests, then refuses with the seconds left', async () => {
    const { store, pass } = storeAt();
    for (let i = 0; i < 3; i++) expect((await store.consume('a', rule)).allowed).toBe(true);
    pass(20_500);
    expect(await store.consume('a', rule)).toEqual({ allowed: false, retryAfter: 40 });
    // Another key has a window of its own.
    expect((await store.consume('b', rule)).allowed).toBe(true);
  });

  it('starts a new window once the last one has run out', async () => {
    const { store, pass } = storeAt();
    for (let i = 0; i < 4; i++) await store.consume('a', rule);
    pass(59_999);
    expect((await store.consume('a', rule)).allowed).toBe(false);
    pass(1);
    expect((await store.consume('a', rule)).allowed).toBe(true);
  });

  it('gives back a request of the running window, never below zero, and none of an ended one', async () => {
    const { store, pass } = storeAt();
    for (let i = 0; i < 3; i++) await store.consume('a', rule);
    await store.refund('a');
    expect((await store.consume('a', rule)).allowed).toBe(true);
    expect((await store.consume('a', rule)).allowed).toBe(false);

    await store.refund('fresh');
    for (let i = 0; i < 5; i++) await store.refund('b');
    for (let i = 0; i < 3; i++) expect((await store.consume('b', rule)).allowed).toBe(true);
    expect((await store.consume('b', rule)).allowed).toBe(false);

    pass(60_000);
    await store.refund('b');
    for (let i = 0; i < 3; i++) expect((await store.consume('b', rule)).allowed).toBe(true);
    expect((await store.consume('b', rule)).allowed).toBe(false);
  });

  it('forgets every count at once', async () => {
    const { store } = storeAt();
    for (let i = 0; i < 4; i++) await store.consume('a', rule);
    await store.forgetAll();
    expect((await store.consume('a', rule)).allowed).toBe(true);
  });
});
