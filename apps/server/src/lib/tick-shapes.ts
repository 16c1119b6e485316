import { createHook } from 'node:async_hooks';

/** One entry of `process.nextTick`'s queue, kept for the life of the process. */
let kept: object | undefined;

/**
 * Keeps one entry of `process.nextTick`'s queue alive, so that every later entry is built at the
 * speed V8 builds it in a fresh process. Idempotent; call it before the process does any heavy
 * work (opening the database, loading the app).
 *
 * Why: Node 20 builds each entry as an object literal with computed keys (its async ids). V8
 * keeps the shapes such an object passes through only while some object of that shape is alive,
 * and entries live a few microseconds. Every full garbage collection between two ticks drops
 * them; the next entry gets new ones, and after three or four collections the literal's stores
 * have seen too many shapes: V8 gives up caching them (megamorphic) and builds every later entry
 * in its runtime, for good. A nextTick then costs 300–500 ns instead of 40, and an HTTP answer
 * makes about ten of them. The shop's start-up alone (the embedded database, the app's modules)
 * runs enough collections, so every answer paid it (docs/performance.md, "What stayed with a
 * process"). While one entry is alive its shapes are too, and the stores stay cached.
 */
export function keepTickShapes(): void {
  if (kept) return;
  // An async hook is told of each entry as it is queued; this one takes the first and is gone
  // again before the tick runs, so no other callback of the process pays for it.
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type !== 'TickObject' || kept) return;
      kept = resource;
      hook.disable();
    },
  });
  hook.enable();
  process.nextTick(() => {});
  // Should no entry have been announced, the hook must not stay on.
  hook.disable();
}
