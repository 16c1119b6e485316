// A figure and the ceiling it is judged against, measured in turn: on a shared machine the load
// of the moment then weighs on both sides of each pair, not on one side's figures alone.

export interface Pair<T> {
  figure: T;
  ceiling: T;
}

/** One pair, back to back: the figure first in even rounds, the ceiling first in odd ones. */
export async function pairInTurn<T>(
  round: number,
  figure: () => Promise<T>,
  ceiling: () => Promise<T>,
): Promise<Pair<T>> {
  if (round % 2 === 0) {
    const first = await figure();
    return { figure: first, ceiling: await ceiling() };
  }
  const first = await ceiling();
  return { figure: await figure(), ceiling: first };
}

/**
 * Measures `rounds` back-to-back pairs (`pairInTurn`), so that neither side always runs on the
 * machine the other has just warmed.
 */
export async function alternatingRounds<T>(
  rounds: number,
  figure: () => Promise<T>,
  ceiling: () => Promise<T>,
): Promise<Pair<T>[]> {
  const pairs: Pair<T>[] = [];
  for (let round = 0; round < rounds; round++) pairs.push(await pairInTurn(round, figure, ceiling));
  return pairs;
}
