import { describe, expect, it } from 'vitest';

import { medianScores, meetsFloors, pageAudit, type RunResult, type Scores } from './lighthouse';

const scores = (performance: number, accessibility = 100): Scores => ({
  performance,
  accessibility,
  'best-practices': 100,
  seo: 100,
});
const run = (performance: number, shortfall: string, accessibility = 100): RunResult => ({
  scores: scores(performance, accessibility),
  shortfalls: [shortfall],
  blockingMs: 1_000 - performance * 10,
  requested: [],
});

describe('a page judged on the median of its Lighthouse runs', () => {
  it('takes each category’s middle run: one run slowed by a busy neighbour does not decide it', () => {
    expect(medianScores([scores(93), scores(61), scores(95)])).toEqual(scores(93));
    expect(medianScores([scores(93, 100), scores(95, 92), scores(61, 100)])).toEqual(scores(93));
  });

  it('keeps every run’s figures, and the shortfalls of the run whose performance was the median', () => {
    const page = pageAudit('/cart', 'phone', [run(70, 'a'), run(90, 'b'), run(95, 'c')]);
    expect(page).toMatchObject({
      path: '/cart',
      profile: 'phone',
      scores: scores(90),
      blockingMs: [300, 100, 50],
      shortfalls: ['b'],
    });
    expect(page.runs.map((r) => r.performance)).toEqual([70, 90, 95]);
  });

  it('meets its floors only when every category reaches its own', () => {
    const floors = scores(80);
    expect(meetsFloors(scores(80), floors)).toBe(true);
    expect(meetsFloors(scores(79), floors)).toBe(false);
    expect(meetsFloors(scores(99, 99), floors)).toBe(false);
  });
});
