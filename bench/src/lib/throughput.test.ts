import { describe, expect, it } from 'vitest';

import { type Burst, compareToCeiling } from './throughput';

const run = (rps: number, errors = 0): Burst => ({
  requests: rps * 2,
  rps,
  errors,
  firstError: errors > 0 ? 'status 500' : null,
});

/** A measurement that answers the given figures in turn, and records the order of the runs. */
function measurements(name: string, log: string[], ...figures: Burst[]) {
  let calls = 0;
  return (): Promise<Burst> => {
    const figure = figures[calls++];
    if (!figure) throw new Error(`${name} measured more often than expected`);
    log.push(name);
    return Promise.resolve(figure);
  };
}

describe('a figure against its ceiling', () => {
  it('alternates which of the two runs first, round by round', async () => {
    const log: string[] = [];
    await compareToCeiling(
      measurements('shop', log, run(1), run(1), run(1)),
      measurements('ceiling', log, run(2), run(2), run(2)),
      3,
      2,
    );
    expect(log).toEqual(['shop', 'ceiling', 'ceiling', 'shop', 'shop', 'ceiling']);
  });

  it('is the median of the back-to-back ratios: a machine at half speed for a round halves both', async () => {
    const log: string[] = [];
    const comparison = await compareToCeiling(
      measurements('shop', log, run(100), run(50), run(120)),
      measurements('ceiling', log, run(10_000), run(5_000), run(10_000)),
      3,
      2,
    );
    expect(comparison.ratios).toEqual([0.01, 0.01, 0.012]);
    expect(comparison.ratio).toBe(0.01);
    expect(comparison.rps).toBe(100);
    expect(comparison.ceilingRps).toBe(10_000);
  });

  it('still misses when the shop is slower in most rounds', async () => {
    const log: string[] = [];
    const comparison = await compareToCeiling(
      measurements('shop', log, run(40), run(120), run(50)),
      measurements('ceiling', log, run(10_000), run(10_000), run(10_000)),
      3,
      2,
    );
    expect(comparison.ratio).toBe(0.005);
  });

  it('counts every error of either side', async () => {
    const log: string[] = [];
    const comparison = await compareToCeiling(
      measurements('shop', log, run(100), run(100, 2)),
      measurements('ceiling', log, run(10_000), run(10_000)),
      2,
      2,
    );
    expect(comparison.errors).toBe(2);
    expect(comparison.firstError).toBe('status 500');
  });
});
