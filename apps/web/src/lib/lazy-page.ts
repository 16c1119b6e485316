import { type ComponentType, lazy } from 'react';

/** How long a page's script may take to arrive before we give up (requirements §9). */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's script could not be loaded: offline, a new release removed it, or it took too long. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This page could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * How many times a script that failed to arrive is asked for again, and after how long: a
 * connection dropped once (a phone between cells, a proxy closing an idle connection) should
 * not cost the customer the page.
 */
const CHUNK_RETRIES = 2;
const CHUNK_RETRY_AFTER_MS = 500;

/**
 * Loads a module, asking again when its download fails, and failing with ChunkLoadError when
 * it still fails or outlasts the timeout.
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new ChunkLoadError(new Error(`No answer after ${timeoutMs} ms`)))),
      timeoutMs,
    );
    const attempt = (retriesLeft: number) => {
      load().then(
        (module) => settle(() => resolve(module)),
        (error: unknown) => {
          if (settled) return;
          if (retriesLeft > 0) setTimeout(() => attempt(retriesLeft - 1), CHUNK_RETRY_AFTER_MS);
          else settle(() => reject(new ChunkLoadError(error)));
        },
      );
    };
    attempt(CHUNK_RETRIES);
  });
}

/** A route component loaded on demand; every page but the home page goes through here. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load));
}
