import { afterEach, describe, expect, it, vi } from 'vitest';

import { ChunkLoadError, loadChunk } from './lazy-page';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({
      default: 'page',
    });
  });

  it('asks again for a download that failed, and passes the module through', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<{ default: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ default: 'page' });
    const loading = loadChunk(load);
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    await expect(loading).resolves.toEqual({ default: 'page' });
  });

  it('reports a download that failed three times as ChunkLoadError, with the last failure', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const failing = loadChunk(load);
    const outcome = expect(failing).rejects.toMatchObject({
      name: 'ChunkLoadError',
      cause: new TypeError('Failed to fetch'),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    await expect(failing).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(3);
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
