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

/** Loads a module, failing with ChunkLoadError when it errors or outlasts the timeout. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(new Error(`No answer after ${timeoutMs} ms`))),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A route component loaded on demand; every page but the home page goes through here. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load));
}
