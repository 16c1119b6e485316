import { afterEach, describe, expect, it, vi } from 'vitest';

import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './lazy-page';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('gives up on the spec timeout of 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({
      default: 'page',
    });
  });

  it('reports a failed download as ChunkLoadError', async () => {
    const failing = loadChunk(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failing).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failing).rejects.toMatchObject({ name: 'ChunkLoadError' });
  });

  it('reports a download that outlasts the timeout as ChunkLoadError', async () => {
    vi.useFakeTimers();
    const hanging = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = expect(hanging).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await outcome;
  });
});
