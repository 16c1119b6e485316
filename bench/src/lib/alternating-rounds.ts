// A figure and the ceiling it is judged against, measured in turn: on a shared machine the load
// of the moment then weighs on both sides of each pair, not on one side's figures alone.

export interface Pair<T> {
  figure: T;
  ceiling: T;
}

/**
 * Measures `rounds` back-to-back pairs, the figure first in even rounds and the ceiling first in
 * odd ones, so that neither side always runs on the machine the other has just warmed.
 */
export async function alternatingRounds<T>(
  rounds: number,
  figure: () => Promise<T>,
  ceiling: () => Promise<T>,
): Promise<Pair<T>[]> {
  const pairs: Pair<T>[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const first = await figure();
      pairs.push({ figure: first, ceiling: await ceiling() });
    } else {
      const first = await ceiling();
      pairs.push({ figure: await figure(), ceiling: first });
    }
  }
  return pairs;
}
