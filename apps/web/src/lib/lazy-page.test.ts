import { afterEach, describe, expect, it, vi } from 'vitest';

import { ChunkLoadError, loadChunk } from './lazy-page';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
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

  it('waits 120000 ms for a slow download (the spec), then reports it as ChunkLoadError', async () => {
    vi.useFakeTimers();
    let settled = false;
    const hanging = loadChunk(() => new Promise<never>(() => undefined));
    hanging.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    const outcome = expect(hanging).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
