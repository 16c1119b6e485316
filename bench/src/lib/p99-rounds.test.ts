import { describe, expect, it } from 'vitest';

import { p99InRounds, roundsP99, turnOrder } from './p99-rounds';

const noErrors = { errors: 0, firstError: null };
/** 100 latencies of 1 ms with the slowest `slow` ms: the p99 of the round is 1 ms unless two are
 * slow, as the nearest rank of 99 in 100 is the 99th. */
const round = (slow: number, slowCount = 1) => [
  ...Array.from({ length: 100 - slowCount }, () => 1),
  ...Array.from({ length: slowCount }, () => slow),
];

describe('a p99 timed in rounds', () => {
  it('is the median of the rounds’ p99s: one round caught by a neighbour does not decide it', () => {
    const figure = roundsP99([round(500, 2), round(9, 2), round(7, 2)], noErrors);
    expect(figure.p99s).toEqual([500, 9, 7]);
    expect(figure.p99).toBe(9);
    expect(figure.responses).toBe(300);
  });

  it('is slower when most rounds are slower, as a request that got slower is', () => {
    expect(roundsP99([round(40, 2), round(45, 2), round(7, 2)], noErrors).p99).toBe(40);
  });

  it('keeps the errors of every burst, the first of them named', () => {
    expect(roundsP99([round(1)], { errors: 2, firstError: 'status 500' })).toMatchObject({
      errors: 2,
      firstError: 'status 500',
    });
  });

  it('starts each round one request further along', () => {
    expect(turnOrder(['part', 'cart', 'checkout'], 0)).toEqual(['part', 'cart', 'checkout']);
    expect(turnOrder(['part', 'cart', 'checkout'], 1)).toEqual(['cart', 'checkout', 'part']);
    expect(turnOrder(['part', 'cart', 'checkout'], 5)).toEqual(['checkout', 'part', 'cart']);
  });

  it('warms every request up, then times each once a round, the warm-up’s latencies left out', async () => {
    const calls: string[] = [];
    const timed =
      (name: string, ms: number, errors = 0) =>
      (seconds: number, list: number[]) => {
        calls.push(`${name} ${seconds}`);
        list.push(...Array.from({ length: 100 }, () => (seconds === 5 ? 999 : ms)));
        return Promise.resolve({ errors, firstError: errors ? `${name} failed` : null });
      };
    const figures = await p99InRounds(
      { part: timed('part', 2), cart: timed('cart', 3, 1) },
      { warmupSeconds: 5, rounds: 2, roundSeconds: 1 },
    );
    expect(calls).toEqual(['part 5', 'cart 5', 'part 1', 'cart 1', 'cart 1', 'part 1']);
    expect(figures.part).toMatchObject({ p99: 2, p99s: [2, 2], responses: 200, errors: 0 });
    expect(figures.cart).toMatchObject({ p99: 3, errors: 3, firstError: 'cart failed' });
  });
});
