// The shop on a busy day, at a fixed pace (`visits.ts` draws what each request asks). Requests
// leave on a fixed schedule whether or not earlier ones were answered (an open loop), and each
// latency is counted from the moment its request was due, so a slow server cannot hide by slowing
// the load.
import { type KeptMemory, keptMemory, residentMb } from './server-process';
import type { PreparedShop } from './shop';
import { percentile } from './stats';
import { type Kind, shopVisits } from './visits';

export interface MixedLoadOptions extends PreparedShop {
  base: string;
  pid: number;
  /** Browsing and ordering requests per second. */
  rate: number;
  /** At the same pace, before anything is recorded: the JIT and the caches settle. */
  warmupSeconds: number;
  steadySeconds: number;
  sampleEverySeconds: number;
  adminPollSeconds: number;
}

export interface MixedLoadResult {
  /** Requests of the steady part, whose latencies count. */
  requests: number;
  /** Every request sent, warm-up included. */
  sent: number;
  achievedRate: number;
  p50: number;
  p99: number;
  p99ByKind: Record<string, number>;
  countByKind: Record<string, number>;
  errors: number;
  errorSamples: string[];
  /** Resident memory of the server through the steady part, one sample per interval: a saw, as
   * it climbs between garbage collections and drops after them. */
  rssMb: number[];
  /** Once the last request of the load was answered. */
  rssAfterMb: number;
  /**
   * Memory kept, read after a full garbage collection as the steady part begins and once the load
   * is over. Only memory the shop holds on to survives a collection: a leak shows here, garbage
   * that V8 has not got round to collecting on a machine with memory to spare does not.
   */
  kept: { start: KeptMemory; end: KeptMemory };
}

const sleepUntil = (at: number) => {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
};

const MAX_IN_FLIGHT = 1_000;

export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult> {
  const { base, rate } = options;
  const visits = shopVisits(base, options);
  const latencies: number[] = [];
  const latenciesByKind = new Map<Kind, number[]>();
  const errorSamples: string[] = [];
  let errors = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();

  const start = performance.now() + 50;
  const steadyFrom = start + options.warmupSeconds * 1000;
  const steadyTo = steadyFrom + options.steadySeconds * 1000;

  // Errors count from the first request on, warm-up included; latencies only once it is over.
  let sent = 0;
  const fail = (message: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(message);
  };

  const fire = (kind: Kind, due: number) => {
    const recorded = due >= steadyFrom && due < steadyTo;
    sent++;
    if (inFlight >= MAX_IN_FLIGHT) {
      fail(`${kind}: over ${MAX_IN_FLIGHT} requests waiting for an answer`);
      return;
    }
    inFlight++;
    const { what, answer, expected } = visits.send(kind);
    const done = answer
      .then(
        (got) => {
          if (!expected.includes(got.status))
            fail(`${what}: ${got.status} ${got.body.slice(0, 200)}`);
          if (!recorded) return;
          const ms = performance.now() - due;
          latencies.push(ms);
          const list = latenciesByKind.get(kind) ?? [];
          list.push(ms);
          latenciesByKind.set(kind, list);
        },
        (error: unknown) => {
          fail(`${what}: ${error instanceof Error ? error.message : String(error)}`);
        },
      )
      .finally(() => {
        inFlight--;
        pending.delete(done);
      });
    pending.add(done);
  };

  const paced = async () => {
    const total = Math.round(((steadyTo - start) / 1000) * rate);
    for (let k = 0; k < total; k++) {
      const due = start + (k * 1000) / rate;
      await sleepUntil(due);
      fire(visits.pickKind(), due);
    }
  };
  const adminPolling = async () => {
    for (let due = start; due < steadyTo; due += options.adminPollSeconds * 1000) {
      await sleepUntil(due);
      fire('admin', due);
    }
  };
  const rssMb: number[] = [];
  const kept: { start?: KeptMemory } = {};
  const sampling = async () => {
    const samples = Math.floor(options.steadySeconds / options.sampleEverySeconds);
    for (let i = 0; i <= samples; i++) {
      await sleepUntil(steadyFrom + i * options.sampleEverySeconds * 1000);
      rssMb.push(residentMb(options.pid));
      // What is kept once the warm-up has filled the caches; the collection pauses the server as
      // any would, and the requests it delays count.
      if (i === 0) kept.start = await keptMemory(base);
    }
  };

  await Promise.all([paced(), adminPolling(), sampling()]);
  await Promise.all([...pending]);
  const rssAfterMb = residentMb(options.pid);
  if (!kept.start) throw new Error('no reading of kept memory at the start');

  const p99ByKind: Record<string, number> = {};
  const countByKind: Record<string, number> = {};
  for (const [kind, list] of latenciesByKind) {
    p99ByKind[kind] = percentile(list, 99);
    countByKind[kind] = list.length;
  }
  return {
    requests: latencies.length,
    sent,
    achievedRate: latencies.length / options.steadySeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    p99ByKind,
    countByKind,
    errors,
    errorSamples,
    rssMb,
    rssAfterMb,
    kept: { start: kept.start, end: await keptMemory(base) },
  };
}
