import { describe, expect, it } from 'vitest';

import { type Burst, throughputAgainstFloor } from './throughput';

/** A measurement that answers the given figures in turn, and counts how often it ran. */
function measurements(...figures: number[]) {
  let calls = 0;
  const measure = (): Promise<Burst> => {
    const rps = figures[calls++];
    if (rps === undefined) throw new Error('measured more often than expected');
    return Promise.resolve({ requests: rps * 5, rps, errors: 0, firstError: null });
  };
  return { measure, calls: () => calls };
}

describe('a throughput against its floor', () => {
  it('is measured once when the first run meets the floor', async () => {
    const runs = measurements(120);
    const figure = await throughputAgainstFloor(runs.measure, 80);
    expect(figure.rps).toBe(120);
    expect(figure.runs).toEqual([120]);
    expect(runs.calls()).toBe(1);
  });

  it('is judged on the median of three when the first run misses: one bad moment passes', async () => {
    const figure = await throughputAgainstFloor(measurements(60, 130, 110).measure, 80);
    expect(figure.runs).toEqual([60, 130, 110]);
    expect(figure.rps).toBe(110);
  });

  it('still misses when most runs miss', async () => {
    const figure = await throughputAgainstFloor(measurements(60, 130, 70).measure, 80);
    expect(figure.rps).toBe(70);
  });

  it('is not run again after errors, which count', async () => {
    let calls = 0;
    const figure = await throughputAgainstFloor(() => {
      calls++;
      return Promise.resolve({ requests: 250, rps: 50, errors: 2, firstError: 'status 500' });
    }, 80);
    expect(calls).toBe(1);
    expect(figure.errors).toBe(2);
    expect(figure.firstError).toBe('status 500');
  });
});
