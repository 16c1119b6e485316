// One run of the benchmark: its scratch folder, what must be stopped or dropped when it ends (or
// is interrupted), its progress log, and the parts of it that failed.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { killAll } from './lib/server-process';

const began = performance.now();

/** Seconds since the run began. */
export const elapsedSeconds = () => (performance.now() - began) / 1000;

export function log(line: string): void {
  console.log(`${elapsedSeconds().toFixed(0).padStart(3)} s · ${line}`);
}

export interface Session {
  /** The scratch folder, removed at the end. */
  work: string;
  /** Where the servers run: not the repository, so a developer's .env there changes nothing. */
  cwd: string;
  /** What went wrong, by the part of the benchmark it stopped. */
  failures: Map<string, string>;
  /** Something to stop or drop when the run ends, even when it is interrupted. */
  onEnd(cleanup: () => Promise<void>): void;
  /** Runs one part of the benchmark; a failure is reported and leaves its budgets unmeasured. */
  attempt<T>(what: string, step: () => Promise<T>): Promise<T | undefined>;
  /** Runs every cleanup and removes the scratch folder. */
  end(): Promise<void>;
}

export function startSession(): Session {
  const work = mkdtempSync(path.join(tmpdir(), 'apex-bench-'));
  const cwd = path.join(work, 'cwd');
  mkdirSync(cwd);
  const cleanups: (() => Promise<void>)[] = [];
  const failures = new Map<string, string>();
  const cleanUp = async () => {
    await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
    rmSync(work, { recursive: true, force: true });
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      void cleanUp().finally(() => process.exit(130));
    });
  }

  return {
    work,
    cwd,
    failures,
    onEnd(cleanup) {
      cleanups.push(cleanup);
    },
    async attempt(what, step) {
      try {
        return await step();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.set(what, message);
        log(`${what} failed: ${message}`);
        return undefined;
      }
    },
    end: cleanUp,
  };
}
