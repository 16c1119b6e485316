// Several requests' p99s at 10 connections, timed in rounds that take turns: the machine's load of
// the moment weighs on every request alike, and one round caught by a neighbour's burst does not
// decide a figure, while a request that got slower is slower in most rounds.
import { median, percentile } from './stats';

/** What one timed burst reports besides the latencies it adds to the list it is given. */
export interface BurstErrors {
  errors: number;
  firstError: string | null;
}

/** A burst of `seconds` that pushes the latency (ms) of each response onto `latencies`. */
export type TimedBurst = (seconds: number, latencies: number[]) => Promise<BurstErrors>;

export interface RoundsP99 {
  /** The median of the rounds' p99s, in ms. */
  p99: number;
  p99s: number[];
  /** Responses over the rounds, warm-up aside. */
  responses: number;
  errors: number;
  firstError: string | null;
}

/** The figure of one request from each round's latencies. */
export function roundsP99(rounds: readonly (readonly number[])[], errors: BurstErrors): RoundsP99 {
  const p99s = rounds.map((latencies) => percentile(latencies, 99));
  return {
    p99: median(p99s),
    p99s,
    responses: rounds.reduce((sum, latencies) => sum + latencies.length, 0),
    ...errors,
  };
}

/** The order of the requests in a round: each round starts one further along. */
export function turnOrder<T>(items: readonly T[], round: number): T[] {
  return items.map((_, i) => items[(i + round) % items.length] as T);
}

export interface RoundsPlan {
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
}

/** Each request warmed up (its errors count too), then timed once a round. */
export async function p99InRounds<Name extends string>(
  bursts: Record<Name, TimedBurst>,
  plan: RoundsPlan,
): Promise<Record<Name, RoundsP99>> {
  const names = Object.keys(bursts) as Name[];
  const latencies = new Map(names.map((name) => [name, [] as number[][]]));
  const errors = new Map<Name, BurstErrors>(
    names.map((name) => [name, { errors: 0, firstError: null }]),
  );
  const time = async (name: Name, seconds: number, list: number[]) => {
    const result = await bursts[name](seconds, list);
    const sum = errors.get(name) ?? { errors: 0, firstError: null };
    errors.set(name, {
      errors: sum.errors + result.errors,
      firstError: sum.firstError ?? result.firstError,
    });
  };
  for (const name of names) await time(name, plan.warmupSeconds, []);
  for (let round = 0; round < plan.rounds; round++) {
    for (const name of turnOrder(names, round)) {
      const list: number[] = [];
      await time(name, plan.roundSeconds, list);
      latencies.get(name)?.push(list);
    }
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      roundsP99(latencies.get(name) ?? [], errors.get(name) ?? { errors: 0, firstError: null }),
    ]),
  ) as Record<Name, RoundsP99>;
}
