import { describe, expect, it } from 'vitest';

import { cpuSlowdown } from './lighthouse';

describe('the CPU slowdown Lighthouse simulates a phone with', () => {
  it("is Lighthouse's default of 4 on a high-end desktop, and never more", () => {
    expect(cpuSlowdown(1_750)).toBe(4);
    expect(cpuSlowdown(2_400)).toBe(4);
  });

  it('falls in proportion to a slower machine’s benchmark index, so the phone stays the same', () => {
    expect(cpuSlowdown(875)).toBe(2);
    expect(cpuSlowdown(1_312)).toBe(3);
  });

  it('is never below 1, and the default when the index is missing', () => {
    expect(cpuSlowdown(100)).toBe(1);
    expect(cpuSlowdown(Number.NaN)).toBe(4);
    expect(cpuSlowdown(0)).toBe(4);
  });
});
